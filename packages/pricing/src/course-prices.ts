import { addMonths, type CalendarDate } from './calendar-date.ts';
import { collectionsAfter } from './collection-plan.ts';
import { lessonStillAhead } from './course-lessons.ts';
import { monthlyCosts } from './membership-costs.ts';
import { assertPence } from './money.ts';

/**
 * What a course costs (issue 36, decision 0105): a term paid up front, pro-rata for a late joiner,
 * or a monthly lesson subscription collected by Direct Debit under the membership rules. Pure:
 * integer pence, local dates and times passed in.
 */

export interface TermPrice {
  /** lessons in the whole term */
  lessonsInTerm: number;
  /** lessons still to start when enrolling now: the ones paid for */
  lessonsLeft: number;
  /** the first lesson the pupil can attend; null when none is left (the course can't be joined) */
  firstLessonDate: CalendarDate | null;
  /** what is paid now */
  pricePence: number;
  /** true when every lesson of the term is left, so the full term price is paid */
  fullTerm: boolean;
}

/**
 * A termly course's price for someone enrolling at local date and time `now`: the term price for
 * the lessons still to start, rounded down to the penny (in the customer's favour):
 *
 *     price = floor(termPrice × lessonsLeft / lessonsInTerm)
 *
 * A lesson counts as left only when the enrolment comes before its start time: enrolling at 09:00
 * or later for a 09:00 lesson pays from the next lesson. Enrolling before the first lesson pays the
 * whole term price. With no lesson left the price is 0 and `firstLessonDate` is null.
 *
 * Worked examples: Spring 2027, Saturdays at 09:00 from 9 January to 27 March skipping 13 to 21
 * February (half-term): 10 lessons (9, 16, 23, 30 Jan; 6 Feb; 27 Feb; 6, 13, 20, 27 Mar).
 *
 * | term price | enrolling at        | lessons left | price                              |
 * |-----------:|---------------------|-------------:|------------------------------------|
 * |       9000 | 2026-12-20 10:00    |           10 | 9000 (the whole term)              |
 * |       9000 | 2027-01-09 08:59    |           10 | 9000 (before the first lesson)     |
 * |       9000 | 2027-01-09 09:00    |            9 | floor(9000 × 9 / 10) = 8100        |
 * |       9000 | 2027-02-10 18:00    |            5 | floor(9000 × 5 / 10) = 4500        |
 * |       8995 | 2027-03-10 12:00    |            3 | floor(8995 × 3 / 10) = floor(2698.5) = 2698 |
 * |       9000 | 2027-03-27 09:00    |            0 | 0: the course can't be joined      |
 *
 * and a 12-lesson term at 10000 with 7 left: floor(10000 × 7 / 12) = floor(5833.33) = 5833.
 */
export function termPriceFor(input: {
  termPricePence: number;
  /** every lesson date of the term, in order (see `termLessonDates`) */
  lessonDates: readonly CalendarDate[];
  /** the lessons' start time, `HH:MM` local */
  startTime: string;
  now: { date: CalendarDate; time: string };
}): TermPrice {
  assertPence(input.termPricePence);
  const lessonsInTerm = input.lessonDates.length;
  const left = input.lessonDates.filter((date) => lessonStillAhead(date, input.startTime, input.now));
  const lessonsLeft = left.length;
  const pricePence =
    lessonsInTerm === 0 ? 0 : Math.floor((input.termPricePence * lessonsLeft) / lessonsInTerm);
  return {
    lessonsInTerm,
    lessonsLeft,
    firstLessonDate: left[0] ?? null,
    pricePence,
    fullTerm: lessonsInTerm > 0 && lessonsLeft === lessonsInTerm,
  };
}

export interface PlannedLessonCollection {
  date: CalendarDate;
  amountPence: number;
}

export interface MonthlyLessonCosts {
  firstLessonDate: CalendarDate;
  /** the billing day the Direct Debit collects on */
  billingDay: number;
  /** days from the first lesson to the first billing date on or after it */
  proRataDays: number;
  proRataPence: number;
  /** the month from the first billing date, paid now when that date is too soon to collect */
  monthInHandPence: number;
  /** paid at checkout: proRataPence + monthInHandPence (may be 0) */
  firstPaymentPence: number;
  firstCollectionDate: CalendarDate;
  /** the first `collections` Direct Debit collections: the monthly price each month from the first */
  collections: PlannedLessonCollection[];
}

/**
 * A monthly lesson subscription (a continuous course paid by Direct Debit): the membership rules of
 * pricing.md, "Monthly (recurring, Direct Debit) memberships", with the first lesson as the start
 * date, no joining fee and no month in hand unless the lead time forces it (`monthlyCosts`); then a
 * collection of the monthly price on the billing day every month (the collection engine's
 * `collectionsAfter`), until the pupil leaves.
 *
 * Worked examples (monthly price 3400, lead time 10 days, first lesson Monday 2026-11-30):
 *
 * | today      | billing day | pro-rata days | pro-rata                              | month in hand | paid now | collections                          |
 * |------------|------------:|--------------:|---------------------------------------|--------------:|---------:|--------------------------------------|
 * | 2026-11-29 |           1 |             1 | round(3400 × 12 × 1 / 365) = 112      | 3400 (1 Dec is sooner than 9 Dec) | 3512 | 3400 on 1 Jan, 1 Feb, 1 Mar 2027 … |
 * | 2026-11-29 |          15 |            15 | round(3400 × 12 × 15 / 365) = 1677    |             0 |     1677 | 3400 on 15 Dec 2026, 15 Jan 2027 …   |
 *
 * and a first lesson on the billing day itself (2027-01-15, billing day 15, today 2027-01-02): no
 * pro-rata, 15 Jan is 13 days away, so nothing is paid now and 3400 is collected on 15 Jan.
 */
export function monthlyLessonCosts(input: {
  monthlyPricePence: number;
  /** the first lesson the pupil will attend (on or after today) */
  firstLessonDate: CalendarDate;
  /** the customer's own billing day when they already pay by Direct Debit, else the chosen one */
  billingDay: number;
  today: CalendarDate;
  leadTimeDays?: number;
  /** how many collections to list (default 3) */
  collections?: number;
}): MonthlyLessonCosts {
  assertPence(input.monthlyPricePence);
  const costs = monthlyCosts({
    monthlyPrice: input.monthlyPricePence,
    joiningFee: 0,
    takesMonthInHand: false,
    startDate: input.firstLessonDate,
    billingDay: input.billingDay,
    today: input.today,
    ...(input.leadTimeDays === undefined ? {} : { leadTimeDays: input.leadTimeDays }),
  });
  const count = input.collections ?? 3;
  const facts = { pricePence: input.monthlyPricePence, freezes: [], priceNotices: [] };
  const later = collectionsAfter({
    latestBillingDate: costs.firstCollectionDate,
    endDate: null,
    until: addMonths(costs.firstCollectionDate, Math.max(0, count - 1)),
    facts,
  });
  const collections = [
    { date: costs.firstCollectionDate, amountPence: input.monthlyPricePence },
    ...later.map((planned) => ({ date: planned.billingDate, amountPence: planned.amountPence })),
  ].slice(0, count);
  return {
    firstLessonDate: input.firstLessonDate,
    billingDay: input.billingDay,
    proRataDays: costs.proRataDays,
    proRataPence: costs.proRataFee,
    monthInHandPence: costs.monthInHandFee,
    firstPaymentPence: costs.totalToPayNow,
    firstCollectionDate: costs.firstCollectionDate,
    collections,
  };
}
