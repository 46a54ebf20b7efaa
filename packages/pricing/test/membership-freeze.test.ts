import { describe, expect, it } from 'vitest';
import { earliestFreezeStart, freezeFeeLabel, planEarlyEnd, planFreeze } from '../src/membership-freeze.ts';

// The demo operator's rules: 1 to 3 months, 7 days' notice, £5 a month.
const rules = { minMonths: 1, maxMonths: 3, noticeDays: 7, monthlyFeePence: 500 };
// Priya: Gym Anytime at £30.00 a month, billed on the 15th, rolling.
const priya = { billingDay: 15, pricePence: 3000, endDate: null };

describe('the freeze rule (worked examples, docs/membership-freeze-and-payments.md)', () => {
  it('example 1: two months from 15 December at £5 a month instead of £30', () => {
    const answer = planFreeze({ today: '2026-11-23', startsOn: '2026-12-15', months: 2 }, priya, rules);
    expect(answer).toEqual({
      ok: true,
      plan: {
        startsOn: '2026-12-15',
        endsOn: '2027-02-15',
        months: 2,
        collections: [
          { billingDate: '2026-12-15', amountPence: 500 },
          { billingDate: '2027-01-15', amountPence: 500 },
        ],
        savingPence: 5000,
        newEndDate: null,
      },
    });
  });

  it('example 2: with no fee the frozen billing dates collect nothing', () => {
    const free = { ...rules, monthlyFeePence: 0 };
    const answer = planFreeze({ today: '2026-11-23', startsOn: '2026-12-15', months: 1 }, priya, free);
    expect(answer.ok && answer.plan.collections).toEqual([{ billingDate: '2026-12-15', amountPence: 0 }]);
    expect(answer.ok && answer.plan.savingPence).toBe(3000);
  });

  it('example 3: a membership with an end date ends as many months later', () => {
    const ending = { ...priya, endDate: '2027-03-14' };
    const answer = planFreeze({ today: '2026-11-23', startsOn: '2027-01-15', months: 3 }, ending, rules);
    expect(answer.ok && answer.plan.endsOn).toBe('2027-04-15');
    expect(answer.ok && answer.plan.newEndDate).toBe('2027-06-14');
  });

  it('the earliest start is the first billing date at least the notice days away', () => {
    expect(earliestFreezeStart('2026-11-23', 15, rules)).toBe('2026-12-15');
    // 8 December + 7 days is the 15th itself: allowed.
    expect(earliestFreezeStart('2026-12-08', 15, rules)).toBe('2026-12-15');
    // One day later the 15th is too soon: the next month's.
    expect(earliestFreezeStart('2026-12-09', 15, rules)).toBe('2027-01-15');
  });

  it('refuses too short, too long or part months, with the limits', () => {
    for (const months of [0, 4, 1.5])
      expect(planFreeze({ today: '2026-11-23', startsOn: '2026-12-15', months }, priya, rules)).toEqual({
        ok: false,
        message: 'A freeze is for 1 to 3 whole months.',
      });
  });

  it('refuses a start that is not a billing date, or is inside the notice', () => {
    expect(planFreeze({ today: '2026-11-23', startsOn: '2026-12-01', months: 1 }, priya, rules)).toEqual({
      ok: false,
      message: 'A freeze starts on a billing date (the 15th of the month).',
    });
    expect(planFreeze({ today: '2026-12-09', startsOn: '2026-12-15', months: 1 }, priya, rules)).toEqual({
      ok: false,
      message: "A freeze needs 7 days' notice: the earliest it can start is 15 Jan 2027.",
    });
  });

  it('refuses a start after the membership has ended', () => {
    const ending = { ...priya, endDate: '2026-12-14' };
    const answer = planFreeze({ today: '2026-11-23', startsOn: '2026-12-15', months: 1 }, ending, rules);
    expect(answer).toEqual({ ok: false, message: 'Your membership ends on 14 Dec 2026, before that date.' });
  });
});

describe('ending a freeze early (worked examples)', () => {
  const freeze = { startsOn: '2026-12-15', endsOn: '2027-03-15' };

  it('example 4: before it starts it is withdrawn and every month is given back', () => {
    expect(planEarlyEnd(freeze, '2026-12-01', '2027-09-14')).toEqual({
      ok: true,
      end: { resumesOn: '2026-12-15', withdrawn: true, monthsGivenBack: 3, newEndDate: '2027-06-14' },
    });
  });

  it('example 5: during it the price is collected again from the next billing date', () => {
    // 20 December: the 15 January and 15 February billing dates collect the price again.
    expect(planEarlyEnd(freeze, '2026-12-20', null)).toEqual({
      ok: true,
      end: { resumesOn: '2027-01-15', withdrawn: false, monthsGivenBack: 2, newEndDate: null },
    });
    // On a billing date itself, that date stays frozen: the next one resumes.
    expect(planEarlyEnd(freeze, '2027-01-15', null)).toMatchObject({
      ok: true,
      end: { resumesOn: '2027-02-15' },
    });
  });

  it('refuses in the last frozen month and after the freeze', () => {
    expect(planEarlyEnd(freeze, '2027-02-20', null)).toEqual({
      ok: false,
      message: 'Your freeze already ends on 15 Mar 2027, the next billing date.',
    });
    expect(planEarlyEnd(freeze, '2027-03-15', null)).toEqual({
      ok: false,
      message: 'Your freeze ended on 15 Mar 2027.',
    });
  });

  it('labels the fee', () => {
    expect(freezeFeeLabel(500, '£')).toBe('£5.00 a month');
    expect(freezeFeeLabel(0, '£')).toBe('no charge');
  });
});
