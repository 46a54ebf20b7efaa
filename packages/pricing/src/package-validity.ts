import { addDays, addMonths, type CalendarDate, compareDates } from './calendar-date.ts';

/**
 * A package's dates (issue 18 item 2, decision 0049). A package valid for N months is valid from
 * the day it is bought up to and including the day before the same date N months later (a month
 * end clamps as `addMonths` does): bought 23 November 2026 for 3 months, it can be used for
 * sessions up to 22 February 2027.
 */
export function packageExpiresOn(purchasedOn: CalendarDate, validMonths: number): CalendarDate {
  return addDays(addMonths(purchasedOn, validMonths), -1);
}

/** A use pays for a session on or before the package's last day, while uses are left. */
export function packageCoversDate(expiresOn: CalendarDate, sessionDate: CalendarDate): boolean {
  return compareDates(sessionDate, expiresOn) <= 0;
}

/**
 * Whether cancelling a booking gives its use back: only while the package is still valid on the
 * day of cancelling. A use given back to an expired package could never be spent, and the
 * history would claim a use the customer cannot have.
 */
export function cancellingReturnsUse(expiresOn: CalendarDate, today: CalendarDate): boolean {
  return compareDates(today, expiresOn) <= 0;
}
