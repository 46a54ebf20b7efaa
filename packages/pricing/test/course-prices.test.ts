import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/calendar-date.ts';
import {
  continuousLessonDates,
  firstWeekdayOnOrAfter,
  isoWeekdayOf,
  lessonStillAhead,
  termLessonDates,
} from '../src/course-lessons.ts';
import { monthlyLessonCosts, termPriceFor } from '../src/course-prices.ts';

// Spring 2027: Saturdays from 9 January to 27 March, half-term 13 to 21 February.
const spring = termLessonDates({
  weekday: 6,
  firstDay: '2027-01-04',
  lastDay: '2027-03-27',
  skips: [{ from: '2027-02-13', to: '2027-02-21' }],
});

describe('a term’s lesson dates', () => {
  it('are every week on the day from the first day to the last, less the skipped dates', () => {
    expect(spring).toEqual([
      '2027-01-09',
      '2027-01-16',
      '2027-01-23',
      '2027-01-30',
      '2027-02-06',
      '2027-02-27',
      '2027-03-06',
      '2027-03-13',
      '2027-03-20',
      '2027-03-27',
    ]);
  });

  it('include the first and last day when they fall on the day, and skip single dates', () => {
    expect(
      termLessonDates({
        weekday: 3,
        firstDay: '2026-09-02',
        lastDay: '2026-09-30',
        skips: [{ from: '2026-09-16', to: '2026-09-16' }],
      }),
    ).toEqual(['2026-09-02', '2026-09-09', '2026-09-23', '2026-09-30']);
  });

  it('know the day of the week', () => {
    expect(isoWeekdayOf('2026-11-29')).toBe(7);
    expect(isoWeekdayOf('2026-11-30')).toBe(1);
    expect(firstWeekdayOnOrAfter('2026-11-30', 1)).toBe('2026-11-30');
    expect(firstWeekdayOnOrAfter('2026-12-01', 1)).toBe('2026-12-07');
  });

  it('are all on the weekday, in order, inside the term and outside the skips (any term)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 20 }),
        (weekday, start, length, skipStart, skipLength) => {
          const firstDay = addDays('2026-01-01', start);
          const lastDay = addDays(firstDay, length);
          const skip = { from: addDays(firstDay, skipStart), to: addDays(firstDay, skipStart + skipLength) };
          const dates = termLessonDates({
            weekday: weekday as 1,
            firstDay,
            lastDay,
            skips: [skip],
          });
          for (const date of dates) {
            expect(isoWeekdayOf(date)).toBe(weekday);
            expect(date >= firstDay && date <= lastDay).toBe(true);
            expect(date >= skip.from && date <= skip.to).toBe(false);
          }
          expect([...dates].sort()).toEqual(dates);
        },
      ),
    );
  });
});

describe('a continuous course’s next lessons', () => {
  it('are the next N on its day from today, skipping a closure, with no end', () => {
    expect(
      continuousLessonDates({
        weekday: 1,
        startsOn: '2026-09-07',
        from: '2026-12-10',
        count: 4,
        skips: [{ from: '2026-12-21', to: '2027-01-03' }],
      }),
    ).toEqual(['2026-12-14', '2027-01-04', '2027-01-11', '2027-01-18']);
  });

  it('start from its first day when that is still ahead', () => {
    expect(
      continuousLessonDates({ weekday: 6, startsOn: '2027-01-09', from: '2026-11-29', count: 2 }),
    ).toEqual(['2027-01-09', '2027-01-16']);
  });
});

describe('the cut-off: a lesson is attended only when enrolling before it starts', () => {
  it('counts a lesson later today until its start time, and not from then', () => {
    expect(lessonStillAhead('2027-01-09', '09:00', { date: '2027-01-09', time: '08:59' })).toBe(true);
    expect(lessonStillAhead('2027-01-09', '09:00', { date: '2027-01-09', time: '09:00' })).toBe(false);
    expect(lessonStillAhead('2027-01-09', '09:00', { date: '2027-01-08', time: '23:59' })).toBe(true);
    expect(lessonStillAhead('2027-01-09', '09:00', { date: '2027-01-10', time: '00:00' })).toBe(false);
  });
});

describe('a late joiner to a termly course: the worked examples in decision 0105', () => {
  it.each([
    [9000, '2026-12-20', '10:00', 10, 9000, '2027-01-09', true],
    [9000, '2027-01-09', '08:59', 10, 9000, '2027-01-09', true],
    [9000, '2027-01-09', '09:00', 9, 8100, '2027-01-16', false],
    [9000, '2027-02-10', '18:00', 5, 4500, '2027-02-27', false],
    // 2698.5 rounds down, in the customer's favour (half up would be 2699)
    [8995, '2027-03-10', '12:00', 3, 2698, '2027-03-13', false],
    [9000, '2027-03-27', '09:00', 0, 0, null, false],
  ] as const)(
    'term price %i, enrolling %s at %s: %i lessons left for %i',
    (termPricePence, date, time, lessonsLeft, pricePence, firstLessonDate, fullTerm) => {
      expect(
        termPriceFor({ termPricePence, lessonDates: spring, startTime: '09:00', now: { date, time } }),
      ).toEqual({ lessonsInTerm: 10, lessonsLeft, firstLessonDate, pricePence, fullTerm });
    },
  );

  it('rounds a twelfth down: 7 of 12 lessons at £100.00 is £58.33', () => {
    const twelve = termLessonDates({ weekday: 2, firstDay: '2027-01-05', lastDay: '2027-03-23' });
    expect(twelve).toHaveLength(12);
    const price = termPriceFor({
      termPricePence: 10000,
      lessonDates: twelve,
      startTime: '17:30',
      now: { date: '2027-02-02', time: '17:30' },
    });
    expect(price).toMatchObject({ lessonsLeft: 7, pricePence: 5833, firstLessonDate: '2027-02-09' });
  });

  it('never charges more than the term, nor more for fewer lessons (any price, any day)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (termPricePence, day) => {
          const now = { date: addDays('2027-01-01', day), time: '12:00' };
          const later = { date: addDays(now.date, 7), time: '12:00' };
          const price = termPriceFor({ termPricePence, lessonDates: spring, startTime: '09:00', now });
          const laterPrice = termPriceFor({
            termPricePence,
            lessonDates: spring,
            startTime: '09:00',
            now: later,
          });
          expect(price.pricePence).toBeLessThanOrEqual(termPricePence);
          expect(laterPrice.pricePence).toBeLessThanOrEqual(price.pricePence);
          expect(Number.isInteger(price.pricePence)).toBe(true);
        },
      ),
    );
  });
});

describe('a monthly lesson subscription: the worked examples in decision 0105', () => {
  it('pays a day’s pro-rata and the month in hand now when the first billing date is too soon', () => {
    expect(
      monthlyLessonCosts({
        monthlyPricePence: 3400,
        firstLessonDate: '2026-11-30',
        billingDay: 1,
        today: '2026-11-29',
      }),
    ).toEqual({
      firstLessonDate: '2026-11-30',
      billingDay: 1,
      proRataDays: 1,
      proRataPence: 112,
      monthInHandPence: 3400,
      firstPaymentPence: 3512,
      firstCollectionDate: '2027-01-01',
      collections: [
        { date: '2027-01-01', amountPence: 3400 },
        { date: '2027-02-01', amountPence: 3400 },
        { date: '2027-03-01', amountPence: 3400 },
      ],
    });
  });

  it('pays only the pro-rata now when the billing date is far enough off', () => {
    const costs = monthlyLessonCosts({
      monthlyPricePence: 3400,
      firstLessonDate: '2026-11-30',
      billingDay: 15,
      today: '2026-11-29',
      collections: 2,
    });
    expect(costs).toMatchObject({
      proRataDays: 15,
      proRataPence: 1677,
      monthInHandPence: 0,
      firstPaymentPence: 1677,
      firstCollectionDate: '2026-12-15',
      collections: [
        { date: '2026-12-15', amountPence: 3400 },
        { date: '2027-01-15', amountPence: 3400 },
      ],
    });
  });

  it('pays nothing now when the first lesson is on a billing day far enough off', () => {
    expect(
      monthlyLessonCosts({
        monthlyPricePence: 3400,
        firstLessonDate: '2027-01-15',
        billingDay: 15,
        today: '2027-01-02',
        collections: 1,
      }),
    ).toMatchObject({
      proRataDays: 0,
      firstPaymentPence: 0,
      firstCollectionDate: '2027-01-15',
      collections: [{ date: '2027-01-15', amountPence: 3400 }],
    });
  });

  it('follows the membership lead-time rule: a billing date inside the lead time moves a month on', () => {
    const soon = monthlyLessonCosts({
      monthlyPricePence: 3000,
      firstLessonDate: '2027-01-14',
      billingDay: 15,
      today: '2027-01-06',
      leadTimeDays: 10,
      collections: 1,
    });
    expect(soon).toMatchObject({ proRataDays: 1, proRataPence: 99, monthInHandPence: 3000 });
    expect(soon.firstCollectionDate).toBe('2027-02-15');
  });
});
