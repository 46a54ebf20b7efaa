import { describe, expect, it } from 'vitest';
import { renewalReminderDate, renewalReminderDue } from '../src/membership-notices.ts';

describe('the renewal reminder date (worked examples, docs/membership-freeze-and-payments.md)', () => {
  it('is the set number of days before the last day when that is a working day', () => {
    // Sam's Swim Unlimited ends Thursday 31 December 2026; 14 days before is Thursday 17th.
    expect(renewalReminderDate('2026-12-31', 14)).toBe('2026-12-17');
  });

  it('moves back over a weekend', () => {
    // Ends Sunday 7 February 2027: 14 days before is Sunday 24 January, so Friday 22nd.
    expect(renewalReminderDate('2027-02-07', 14)).toBe('2027-01-22');
  });

  it('moves back over bank holidays and the weekend between them', () => {
    // Ends Monday 11 January 2027: 14 days before is Monday 28 December (Boxing Day's substitute);
    // Sunday 27th, Saturday 26th and Friday 25th (Christmas) are not working days: Thursday 24th.
    expect(renewalReminderDate('2027-01-11', 14)).toBe('2026-12-24');
    // Easter 2027: Good Friday 26 March, Easter Monday 29 March. Ending 12 April, 14 days before
    // is Easter Monday: back to Thursday 25 March.
    expect(renewalReminderDate('2027-04-12', 14)).toBe('2027-03-25');
  });

  it('is due from that date to the last day, so a missed day catches up, and not after', () => {
    expect(renewalReminderDue('2027-01-11', 14, '2026-12-23')).toBe(false);
    expect(renewalReminderDue('2027-01-11', 14, '2026-12-24')).toBe(true);
    expect(renewalReminderDue('2027-01-11', 14, '2026-12-29')).toBe(true);
    expect(renewalReminderDue('2027-01-11', 14, '2027-01-11')).toBe(true);
    expect(renewalReminderDue('2027-01-11', 14, '2027-01-12')).toBe(false);
  });
});
