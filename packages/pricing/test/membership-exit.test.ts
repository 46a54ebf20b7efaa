import { describe, expect, it } from 'vitest';
import {
  coolingOffLastDay,
  coolingOffRefund,
  nextDateOnDay,
  noticeCancellation,
  withinCoolingOff,
} from '../src/membership-exit.ts';

// The worked examples of docs/membership-rules.md.

describe('the notice rule: one month (the operator’s setting) from the next billing date', () => {
  const priya = {
    startDate: '2026-10-01',
    billingDay: 15,
    noticeMonths: 1,
    pricePence: 4599,
    firstCollectionDate: '2026-10-15',
  };

  it('ends the day before a month after the next billing date, with that date’s collection the last', () => {
    expect(noticeCancellation({ ...priya, today: '2026-11-23' })).toEqual({
      nextBillingDate: '2026-12-15',
      lastDay: '2027-01-14',
      lastCollection: { date: '2026-12-15', amountPence: 4599 },
    });
  });

  it('counts from the next billing date after today, so a billing day itself counts from next month', () => {
    expect(noticeCancellation({ ...priya, today: '2026-12-14' }).lastDay).toBe('2027-01-14');
    expect(noticeCancellation({ ...priya, today: '2026-12-15' })).toEqual({
      nextBillingDate: '2027-01-15',
      lastDay: '2027-02-14',
      lastCollection: { date: '2027-01-15', amountPence: 4599 },
    });
  });

  it('runs longer with two months’ notice, and ends before the next billing date with none', () => {
    expect(noticeCancellation({ ...priya, noticeMonths: 2, today: '2026-11-23' })).toMatchObject({
      lastDay: '2027-02-14',
      lastCollection: { date: '2027-01-15' },
    });
    // No notice: the month already collected (15 Nov) is the last.
    expect(noticeCancellation({ ...priya, noticeMonths: 0, today: '2026-11-23' })).toMatchObject({
      lastDay: '2026-12-14',
      lastCollection: { date: '2026-11-15' },
    });
  });

  it('collects nothing more when the month in hand already paid to the last day', () => {
    // Joined 21 Nov, billing day 1 with a month in hand: paid to 31 Dec, first collection 1 Jan.
    expect(
      noticeCancellation({
        today: '2026-11-23',
        startDate: '2026-11-21',
        billingDay: 1,
        noticeMonths: 1,
        pricePence: 3000,
        firstCollectionDate: '2027-01-01',
      }),
    ).toEqual({ nextBillingDate: '2026-12-01', lastDay: '2026-12-31', lastCollection: null });
  });

  it('counts a membership that has not started from its start', () => {
    expect(
      noticeCancellation({
        today: '2026-11-23',
        startDate: '2027-01-01',
        billingDay: 1,
        noticeMonths: 1,
        pricePence: 3000,
        firstCollectionDate: '2027-01-01',
      }),
    ).toEqual({
      nextBillingDate: '2027-01-01',
      lastDay: '2027-01-31',
      lastCollection: { date: '2027-01-01', amountPence: 3000 },
    });
  });

  it('finds the next date on a billing day across a year end', () => {
    expect(nextDateOnDay('2026-12-20', 1)).toBe('2027-01-01');
    expect(nextDateOnDay('2026-12-20', 28)).toBe('2026-12-28');
    expect(nextDateOnDay('2026-12-28', 28)).toBe('2027-01-28');
  });
});

describe('the cooling-off period: 14 days (the operator’s setting) from joining or renewing', () => {
  it('runs to the 14th day after the contract day, inclusive', () => {
    expect(coolingOffLastDay('2026-11-23', 14)).toBe('2026-12-07');
    expect(withinCoolingOff({ today: '2026-12-07', contractDate: '2026-11-23', coolingOffDays: 14 })).toBe(
      true,
    );
    expect(withinCoolingOff({ today: '2026-12-08', contractDate: '2026-11-23', coolingOffDays: 14 })).toBe(
      false,
    );
  });
});

describe('the cooling-off refund: what was paid less the days used', () => {
  const monthly = { kind: 'monthly' as const, monthlyPricePence: 3000 };

  it('charges the day the membership started, at the pro-rata rate, and gives the joining fee back', () => {
    // Paid £20 joining fee + £9.86 pro-rata; cancelled on the day it started: 1 day is 99p.
    expect(
      coolingOffRefund({ paidPence: 2986, today: '2026-11-21', startDate: '2026-11-21', daily: monthly }),
    ).toEqual({ daysUsed: 1, usedPence: 99, refundPence: 2887 });
  });

  it('charges every day from the start to today', () => {
    // 21 to 25 Nov is 5 days: round(3000 × 12 × 5 / 365) = round(493.15) = 493.
    expect(
      coolingOffRefund({ paidPence: 2986, today: '2026-11-25', startDate: '2026-11-21', daily: monthly }),
    ).toEqual({ daysUsed: 5, usedPence: 493, refundPence: 2493 });
  });

  it('gives everything back for a membership that has not started', () => {
    expect(
      coolingOffRefund({ paidPence: 2000, today: '2026-11-23', startDate: '2026-12-01', daily: monthly }),
    ).toEqual({ daysUsed: 0, usedPence: 0, refundPence: 2000 });
  });

  it('never deducts more than was paid', () => {
    expect(
      coolingOffRefund({ paidPence: 500, today: '2026-11-30', startDate: '2026-11-21', daily: monthly }),
    ).toEqual({ daysUsed: 10, usedPence: 500, refundPence: 0 });
    expect(
      coolingOffRefund({ paidPence: 0, today: '2026-11-21', startDate: '2026-11-21', daily: monthly }),
    ).toEqual({ daysUsed: 1, usedPence: 0, refundPence: 0 });
  });

  it('values a single payment membership’s day as its price over its term', () => {
    // £250 for 12 months from 21 Nov 2026 (365 days); 10 days used: round(25000 × 10 / 365) = 685.
    expect(
      coolingOffRefund({
        paidPence: 25000,
        today: '2026-11-30',
        startDate: '2026-11-21',
        daily: { kind: 'term', pricePence: 25000, termDays: 365 },
      }),
    ).toEqual({ daysUsed: 10, usedPence: 685, refundPence: 24315 });
  });
});
