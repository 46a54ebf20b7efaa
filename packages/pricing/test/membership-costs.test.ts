import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverPricingWords } from '@lido/messages/server-words';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDate,
  prettyDate,
  todayIn,
  ukDate,
} from '../src/calendar-date.ts';
import { changeCosts, differenceText, renewalStartDate } from '../src/change-and-renewal.ts';
import {
  billingDayText,
  clampStartDate,
  fixedCosts,
  monthlyCosts,
  startDateLimits,
} from '../src/membership-costs.ts';
import { promotionDiscount } from '../src/promotions.ts';

const english = serverPricingWords('en');

describe('monthly memberships: the worked examples in pricing.md', () => {
  const base = { monthlyPrice: 3000, joiningFee: 2000, today: '2026-11-21', leadTimeDays: 10 };
  it.each([
    ['2026-11-21', 1, false, 10, 986, 0, '2026-12-01', 2986],
    ['2026-11-25', 1, false, 6, 592, 0, '2026-12-01', 2592],
    ['2026-11-21', 28, false, 7, 690, 3000, '2026-12-28', 5690],
    ['2026-11-21', 1, true, 10, 986, 3000, '2027-01-01', 5986],
    ['2026-12-01', 1, false, 0, 0, 0, '2026-12-01', 2000],
  ] as const)(
    'start %s, billing day %i, month in hand %s',
    (
      startDate,
      billingDay,
      takesMonthInHand,
      proRataDays,
      proRataFee,
      monthInHandFee,
      firstCollectionDate,
      totalToPayNow,
    ) => {
      expect(monthlyCosts({ ...base, startDate, billingDay, takesMonthInHand })).toMatchObject({
        proRataDays,
        proRataFee,
        monthInHandFee,
        firstCollectionDate,
        totalToPayNow,
      });
    },
  );

  it('start 2027-01-30, billing day 15, £45.99 with no joining fee, today 2027-01-02', () => {
    expect(
      monthlyCosts({
        monthlyPrice: 4599,
        joiningFee: 0,
        takesMonthInHand: false,
        startDate: '2027-01-30',
        billingDay: 15,
        today: '2027-01-02',
      }),
    ).toMatchObject({
      proRataDays: 16,
      proRataFee: 2419,
      monthInHandFee: 0,
      firstCollectionDate: '2027-02-15',
      totalToPayNow: 2419,
    });
  });

  it('takes a promotion off the components it applies to, never below zero', () => {
    const costs = monthlyCosts({
      ...base,
      startDate: '2026-11-21',
      billingDay: 1,
      takesMonthInHand: false,
      promotion: { kind: 'percent', value: 50, appliesTo: ['joining_fee'] },
    });
    expect(costs.discount).toBe(1000);
    expect(costs.totalToPayNow).toBe(1986);
    const free = monthlyCosts({
      ...base,
      startDate: '2026-11-21',
      billingDay: 1,
      takesMonthInHand: false,
      promotion: { kind: 'amount', value: 999_999, appliesTo: ['joining_fee', 'pro_rata'] },
    });
    expect(free.discount).toBe(2986);
    expect(free.totalToPayNow).toBe(0);
  });

  it('refuses a billing day outside 1 to 28 and money that is not whole pence', () => {
    expect(() =>
      monthlyCosts({ ...base, startDate: '2026-11-21', billingDay: 31, takesMonthInHand: false }),
    ).toThrow(RangeError);
    expect(() =>
      monthlyCosts({
        ...base,
        monthlyPrice: 29.99,
        startDate: '2026-11-21',
        billingDay: 1,
        takesMonthInHand: false,
      }),
    ).toThrow(RangeError);
  });
});

describe('single payment memberships', () => {
  it('ends the day before the next period starts, clamping to shorter months', () => {
    expect(
      fixedCosts({ price: 12000, joiningFee: 0, duration: 1, period: 'month', startDate: '2027-01-31' })
        .endDate,
    ).toBe('2027-02-27');
    expect(
      fixedCosts({ price: 12000, joiningFee: 0, duration: 3, period: 'month', startDate: '2026-11-21' })
        .endDate,
    ).toBe('2027-02-20');
    expect(
      fixedCosts({ price: 12000, joiningFee: 0, duration: 12, period: 'month', startDate: '2026-11-21' })
        .endDate,
    ).toBe('2027-11-20');
    expect(
      fixedCosts({ price: 500, joiningFee: 0, duration: 1, period: 'week', startDate: '2026-11-21' }).endDate,
    ).toBe('2026-11-27');
    expect(
      fixedCosts({ price: 500, joiningFee: 0, duration: 1, period: 'year', startDate: '2028-02-29' }).endDate,
    ).toBe('2029-02-27');
  });

  it('charges price plus joining fee less the discount', () => {
    const costs = fixedCosts({
      price: 30000,
      joiningFee: 1500,
      duration: 12,
      period: 'month',
      startDate: '2026-11-21',
      promotion: { kind: 'amount', value: 5000, appliesTo: ['fixed_price'] },
    });
    expect(costs).toMatchObject({ discount: 5000, totalToPayNow: 26500 });
  });
});

describe('promotions', () => {
  it('rounds a percentage once, half up, on the sum of eligible components', () => {
    expect(
      promotionDiscount(
        { kind: 'percent', value: 15, appliesTo: ['pro_rata', 'joining_fee'] },
        { pro_rata: 986, joining_fee: 2000, month_in_hand: 3000 },
      ),
    ).toBe(448); // 447.9
    expect(promotionDiscount({ kind: 'percent', value: 50, appliesTo: ['pro_rata'] }, { pro_rata: 5 })).toBe(
      3,
    ); // 2.5 rounds up
    expect(
      promotionDiscount({ kind: 'amount', value: 500, appliesTo: ['month_in_hand'] }, { month_in_hand: 0 }),
    ).toBe(0);
  });
});

describe('start dates, change and renewal', () => {
  it('limits start dates to today until a month from today, with Today and Tomorrow', () => {
    const limits = startDateLimits('2026-11-21');
    expect(limits).toEqual({ min: '2026-11-21', max: '2026-12-21', shortcuts: ['2026-11-21', '2026-11-22'] });
    expect(clampStartDate('2026-11-01', limits)).toBe('2026-11-21');
    expect(startDateLimits('2026-11-21', { min: '2026-11-22', max: '2026-12-21' }).shortcuts).toEqual([]);
  });

  it('charges the pro-rated difference now for a dearer membership, nothing for a cheaper one', () => {
    const dearer = changeCosts(
      {
        oldMonthlyPrice: 3000,
        newMonthlyPrice: 3500,
        changeDate: '2026-11-22',
        nextCollectionDate: '2026-12-01',
      },
      '2026-11-21',
    );
    expect(dearer).toEqual({
      startsAt: { min: '2026-11-22', max: '2026-12-21' },
      newMembershipPrice: 3500,
      monthlyDifference: 500,
      differenceToOldMembership: '£5.00 more per month',
      proRataDays: 9,
      proRataDifference: 148, // 500 × 12 × 9 / 365 = 147.9
      changeFee: 0,
      totalDueNow: 148,
    });
    const cheaper = changeCosts(
      {
        oldMonthlyPrice: 3000,
        newMonthlyPrice: 2700,
        changeDate: '2026-11-22',
        nextCollectionDate: '2026-12-01',
        changeFee: 500,
      },
      '2026-11-21',
    );
    expect(cheaper).toMatchObject({
      monthlyDifference: -300,
      differenceToOldMembership: '£3.00 less per month',
      proRataDifference: 0,
      totalDueNow: 500,
    });
    expect(differenceText(3000, 3000)).toBe('Same price per month');
  });

  it('starts a renewal the day after the current one ends, or today when it has ended', () => {
    expect(renewalStartDate('2026-12-31', '2026-11-21')).toBe('2027-01-01');
    expect(renewalStartDate('2026-11-01', '2026-11-21')).toBe('2026-11-21');
  });

  it('shows dates as DD MMM YYYY and finds today in the operator time zone', () => {
    expect(prettyDate('2026-12-01')).toBe('01 Dec 2026');
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01'); // BST
    expect(todayIn('Europe/London', new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31'); // GMT
  });
});

const dateArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) =>
    formatDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }),
  );

const monthlyArb = fc.record({
  monthlyPrice: fc.integer({ min: 0, max: 50_000 }),
  joiningFee: fc.integer({ min: 0, max: 20_000 }),
  takesMonthInHand: fc.boolean(),
  today: dateArb,
  startOffset: fc.integer({ min: 0, max: 31 }),
  billingDay: fc.integer({ min: 1, max: 28 }),
  leadTimeDays: fc.integer({ min: 0, max: 20 }),
  promotion: fc.option(
    fc.record({
      kind: fc.constantFrom('percent' as const, 'amount' as const),
      value: fc.integer({ min: 1, max: 100 }),
      appliesTo: fc.subarray(['joining_fee' as const, 'pro_rata' as const, 'month_in_hand' as const], {
        minLength: 1,
      }),
    }),
    { nil: null },
  ),
});

describe('invariants over random inputs', () => {
  it('the total is the components less the discount, never negative; pro-rata days are under 31; the first collection is never before today plus the lead time', () => {
    fc.assert(
      fc.property(monthlyArb, ({ startOffset, ...input }) => {
        const startDate = addDays(input.today, startOffset);
        const costs = monthlyCosts({ ...input, startDate });
        expect(costs.totalToPayNow).toBe(
          Math.max(0, costs.joiningFee + costs.proRataFee + costs.monthInHandFee - costs.discount),
        );
        expect(costs.totalToPayNow).toBeGreaterThanOrEqual(0);
        expect(costs.discount).toBeGreaterThanOrEqual(0);
        expect(costs.proRataDays).toBeGreaterThanOrEqual(0);
        expect(costs.proRataDays).toBeLessThan(31);
        expect(
          daysBetween(addDays(input.today, input.leadTimeDays), costs.firstCollectionDate),
        ).toBeGreaterThanOrEqual(0);
        expect(Number(costs.firstCollectionDate.slice(8))).toBe(input.billingDay);
      }),
      { numRuns: 500 },
    );
  });

  it('a fixed membership ends the day before its next period starts', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 24 }), (startDate, months) => {
        const { endDate } = fixedCosts({
          price: 1000,
          joiningFee: 0,
          duration: months,
          period: 'month',
          startDate,
        });
        expect(addDays(endDate, 1)).toBe(addMonths(startDate, months));
      }),
      { numRuns: 300 },
    );
  });

  it('no result depends on the machine time zone', () => {
    const zones = ['UTC', 'Europe/London', 'Pacific/Kiritimati', 'America/Los_Angeles'];
    const original = process.env.TZ;
    try {
      fc.assert(
        fc.property(monthlyArb, ({ startOffset, ...input }) => {
          const results = zones.map((zone) => {
            process.env.TZ = zone;
            const startDate = addDays(input.today, startOffset);
            return [
              monthlyCosts({ ...input, startDate }),
              fixedCosts({ price: 100, joiningFee: 0, duration: 3, period: 'month', startDate }),
            ];
          });
          for (const result of results) expect(result).toEqual(results[0]);
        }),
        { numRuns: 100 },
      );
    } finally {
      process.env.TZ = original;
    }
  });
});

describe('dates in messages', () => {
  it('are written DD/MM/YYYY', () => {
    expect(ukDate('2026-11-21')).toBe('21/11/2026');
    expect(ukDate('2027-01-05')).toBe('05/01/2027');
  });
});

describe('the billing day in words (issue 34 item 4)', () => {
  it('is said as the billing day choice says it, wherever it is shown', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 28].map((day) => billingDayText(day, english))).toEqual([
      '1st of each month',
      '2nd of each month',
      '3rd of each month',
      '4th of each month',
      '11th of each month',
      '12th of each month',
      '13th of each month',
      '21st of each month',
      '22nd of each month',
      '28th of each month',
    ]);
  });
});
