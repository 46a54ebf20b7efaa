import { describe, expect, it } from 'vitest';
import {
  earliestNewPriceDate,
  firstCollectionAtNewPrice,
  priceChangeDateProblem,
} from '../src/price-change-notice.ts';

// Worked examples of docs/membership-rules.md, "A change of price".
describe('the earliest date a price change notice allows the new amount', () => {
  it('is the operator’s notice in calendar days when that is longer than Bacs asks', () => {
    // Given Monday 23 November 2026 with 30 days: Wednesday 23 December (10 working days is 7 December).
    expect(earliestNewPriceDate('2026-11-23', 30)).toBe('2026-12-23');
  });

  it('counts a notice given on a weekend from the Monday', () => {
    // Given Friday 27 November with 14 days: Friday 11 December, which is 10 working days too.
    expect(earliestNewPriceDate('2026-11-27', 14)).toBe('2026-12-11');
    // Given Saturday 28th: 14 days is Saturday 12 December, but 10 working days from Monday 30th
    // is Monday 14 December.
    expect(earliestNewPriceDate('2026-11-28', 14)).toBe('2026-12-14');
  });

  it('is pushed later by bank holidays, which are not Bacs working days', () => {
    // Given Monday 21 December with 14 days: Monday 4 January 2027 by the calendar, but Christmas
    // Day, the 28th (Boxing Day's substitute) and New Year's Day leave 10 working days at Thursday 7th.
    expect(earliestNewPriceDate('2026-12-21', 14)).toBe('2027-01-07');
    // Easter 2027 (Good Friday 26 March, Easter Monday 29 March): given Thursday 18 March, 14
    // days is Thursday 1 April; 10 working days is Monday 5 April.
    expect(earliestNewPriceDate('2027-03-18', 14)).toBe('2027-04-05');
  });
});

describe('a member’s first collection at the new price', () => {
  it('is their first billing date on or after the effective date when the notice went in time', () => {
    // Priya pays on the 15th. A change from 1 January 2027, noticed on 23 November: 15 January.
    expect(
      firstCollectionAtNewPrice({
        effectiveFrom: '2027-01-01',
        noticeDate: '2026-11-23',
        noticeDays: 30,
        billingDate: '2026-12-15',
      }),
    ).toBe('2027-01-15');
    // Noticed on 13 November for 15 December: 30 days later is 13 December, in time.
    expect(
      firstCollectionAtNewPrice({
        effectiveFrom: '2026-12-15',
        noticeDate: '2026-11-13',
        noticeDays: 30,
        billingDate: '2026-11-15',
      }),
    ).toBe('2026-12-15');
  });

  it('moves to the next billing date that respects the notice when the notice went late', () => {
    // A change from 15 December noticed only on 23 November (30 days is 23 December): 15 January.
    expect(
      firstCollectionAtNewPrice({
        effectiveFrom: '2026-12-15',
        noticeDate: '2026-11-23',
        noticeDays: 30,
        billingDate: '2026-12-15',
      }),
    ).toBe('2027-01-15');
    // Over Christmas, with 14 days' notice from 21 December, a member paying on the 5th waits for
    // 5 February: 5 January is before the 10 working days end on 7 January.
    expect(
      firstCollectionAtNewPrice({
        effectiveFrom: '2027-01-04',
        noticeDate: '2026-12-21',
        noticeDays: 14,
        billingDate: '2027-01-05',
      }),
    ).toBe('2027-02-05');
  });
});

describe('an operator’s new price change date', () => {
  it('is accepted when a notice sent today is in time, and refused with the earliest date otherwise', () => {
    expect(priceChangeDateProblem('2026-12-23', '2026-11-23', 30)).toBeNull();
    expect(priceChangeDateProblem('2026-12-22', '2026-11-23', 30)).toBe(
      'must be 2026-12-23 or later: members are told 30 days ahead (and at least 10 working days, for Direct Debit), counted from today, 23 Nov 2026',
    );
    expect(priceChangeDateProblem('2027-01-06', '2026-12-21', 14)).toMatch(/^must be 2027-01-07 or later/);
  });
});
