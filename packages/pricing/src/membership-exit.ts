import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  daysBetween,
  parseDate,
} from './calendar-date.ts';
import { divideRounded } from './rounding.ts';

/**
 * Leaving a membership (issue 22; docs/membership-rules.md): the notice rule for a monthly
 * membership and the cooling-off refund. Pure: `today` passed in, integer pence.
 */

/** The first date strictly after `after`, and not before `notBefore`, whose day of the month is `day`. */
export function nextDateOnDay(after: CalendarDate, day: number, notBefore?: CalendarDate): CalendarDate {
  let from = addDays(after, 1);
  if (notBefore && compareDates(notBefore, from) > 0) from = notBefore;
  const parts = parseDate(from);
  const candidate = `${from.slice(0, 8)}${String(day).padStart(2, '0')}`;
  return parts.day <= day ? candidate : addMonths(candidate, 1);
}

export interface NoticeCancellation {
  /** the next billing date after today: the notice runs from it */
  nextBillingDate: CalendarDate;
  /** the last day of membership */
  lastDay: CalendarDate;
  /** the last Direct Debit collection (it may already have been taken), or none left at all */
  lastCollection: { date: CalendarDate; amountPence: number } | null;
}

/**
 * A monthly membership cancelled with notice: it runs for `noticeMonths` from the next billing date
 * (strictly after today; a membership not started yet counts from its start) and its last day is
 * the day before that period ends. Collections fall on `firstCollectionDate` and each month after;
 * the last one is the latest on or before the last day (each covers the month from its date).
 */
export function noticeCancellation(input: {
  today: CalendarDate;
  startDate: CalendarDate;
  billingDay: number;
  noticeMonths: number;
  pricePence: number;
  /** the membership's first collection; null when it has none (nothing is collected) */
  firstCollectionDate: CalendarDate | null;
}): NoticeCancellation {
  const nextBillingDate = nextDateOnDay(input.today, input.billingDay, input.startDate);
  const noticeEnd = addDays(addMonths(nextBillingDate, input.noticeMonths), -1);
  const lastDay = compareDates(noticeEnd, input.startDate) < 0 ? input.startDate : noticeEnd;
  const first = input.firstCollectionDate;
  if (first === null || compareDates(first, lastDay) > 0)
    return { nextBillingDate, lastDay, lastCollection: null };
  const months = wholeMonthsFrom(first, lastDay);
  return {
    nextBillingDate,
    lastDay,
    lastCollection: { date: addMonths(first, months), amountPence: input.pricePence },
  };
}

/** How many whole months from `from` fit on or before `to` (`from` ≤ `to`). */
function wholeMonthsFrom(from: CalendarDate, to: CalendarDate): number {
  const a = parseDate(from);
  const b = parseDate(to);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (compareDates(addMonths(from, months), to) > 0) months -= 1;
  return months;
}

/**
 * The last day a member may cancel in the cooling-off period: `coolingOffDays` after the day the
 * contract was made (joining, or renewing), as the Consumer Contracts Regulations count it.
 */
export function coolingOffLastDay(contractDate: CalendarDate, coolingOffDays: number): CalendarDate {
  return addDays(contractDate, coolingOffDays);
}

export function withinCoolingOff(input: {
  today: CalendarDate;
  contractDate: CalendarDate;
  coolingOffDays: number;
}): boolean {
  return compareDates(input.today, coolingOffLastDay(input.contractDate, input.coolingOffDays)) <= 0;
}

/** What a day of the membership is worth: a monthly price by the pro-rata rule, a term by its days. */
export type DailyValue =
  { kind: 'monthly'; monthlyPricePence: number } | { kind: 'term'; pricePence: number; termDays: number };

export interface CoolingOffRefund {
  /** days the membership could be used, today included; 0 when it has not started */
  daysUsed: number;
  usedPence: number;
  refundPence: number;
}

/**
 * A cancellation in the cooling-off period: what was paid back, less the days used. A monthly
 * membership's day is `round(M × 12 × days / 365)` (the pro-rata rule of pricing.md); a single
 * payment's is `round(P × days / termDays)`. Fees for days not used (the joining fee) come back in
 * full; the deduction never exceeds what was paid.
 */
export function coolingOffRefund(input: {
  paidPence: number;
  today: CalendarDate;
  startDate: CalendarDate;
  daily: DailyValue;
}): CoolingOffRefund {
  const started = compareDates(input.startDate, input.today) <= 0;
  const daysUsed = started ? daysBetween(input.startDate, input.today) + 1 : 0;
  const value =
    input.daily.kind === 'monthly'
      ? divideRounded(input.daily.monthlyPricePence * 12 * daysUsed, 365)
      : divideRounded(input.daily.pricePence * daysUsed, input.daily.termDays);
  const usedPence = Math.min(value, Math.max(input.paidPence, 0));
  return { daysUsed, usedPence, refundPence: Math.max(input.paidPence, 0) - usedPence };
}
