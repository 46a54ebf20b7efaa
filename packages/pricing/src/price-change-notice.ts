import { addDays, addMonths, type CalendarDate, compareDates, prettyDate } from './calendar-date.ts';
import { addWorkingDays, nextWorkingDayFrom } from './working-days.ts';

/** The Bacs scheme's least notice of a change of amount, in working days. */
export const bacsAmountChangeWorkingDays = 10;

const later = (a: CalendarDate, b: CalendarDate) => (compareDates(a, b) >= 0 ? a : b);

/**
 * The earliest billing date a price change notice given on `noticeDate` allows to collect the new
 * amount (issue 22 item 5): the operator's `noticeDays` calendar days after it, and never fewer
 * than 10 Bacs working days. A notice given on a weekend or a bank holiday counts its working
 * days from the next working day, as if it were given then, so the member never gets less.
 */
export function earliestNewPriceDate(noticeDate: CalendarDate, noticeDays: number): CalendarDate {
  const operators = addDays(noticeDate, noticeDays);
  const bacs = addWorkingDays(nextWorkingDayFrom(noticeDate), bacsAmountChangeWorkingDays);
  return later(operators, bacs);
}

/**
 * A member's first collection at the new price: their first billing date on or after both the
 * change's effective date and the earliest date the notice allows. A notice sent late therefore
 * moves the change for that member to the first collection that respects it. Billing dates step
 * a month at a time from `billingDate`, one of the member's billing dates no later than a month
 * after that threshold (the latest collection made, which is at most 14 days ahead), exactly as
 * the monthly schedule makes them.
 */
export function firstCollectionAtNewPrice(input: {
  effectiveFrom: CalendarDate;
  noticeDate: CalendarDate;
  noticeDays: number;
  billingDate: CalendarDate;
}): CalendarDate {
  const threshold = later(input.effectiveFrom, earliestNewPriceDate(input.noticeDate, input.noticeDays));
  let date = input.billingDate;
  while (compareDates(date, threshold) < 0) date = addMonths(date, 1);
  return date;
}

/**
 * Whether an operator's new price change may start on `effectiveFrom` when imported `today`: only
 * when a notice sent today gives every member the notice. The reason when it may not.
 */
export function priceChangeDateProblem(
  effectiveFrom: CalendarDate,
  today: CalendarDate,
  noticeDays: number,
): string | null {
  const earliest = earliestNewPriceDate(today, noticeDays);
  if (compareDates(effectiveFrom, earliest) >= 0) return null;
  return (
    `must be ${earliest} or later: members are told ${noticeDays} days ahead ` +
    `(and at least ${bacsAmountChangeWorkingDays} working days, for Direct Debit), ` +
    `counted from today, ${prettyDate(today)}`
  );
}
