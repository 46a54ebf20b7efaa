import { englandAndWalesBankHolidays } from './bank-holidays.ts';
import { addDays, type CalendarDate, compareDates } from './calendar-date.ts';

const holidays = new Set(englandAndWalesBankHolidays);

/** A Bacs working day: Monday to Friday and not an England and Wales bank holiday. */
export function isWorkingDay(date: CalendarDate): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The working day `count` working days after `date` (before it for a negative count). */
export function addWorkingDays(date: CalendarDate, count: number): CalendarDate {
  if (!Number.isInteger(count)) throw new RangeError(`Working days must be whole, got ${count}`);
  const step = count < 0 ? -1 : 1;
  let current = date;
  for (let left = Math.abs(count); left > 0;) {
    current = addDays(current, step);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** `date` itself when it is a working day, otherwise the next one. */
export function nextWorkingDayFrom(date: CalendarDate): CalendarDate {
  return isWorkingDay(date) ? date : addWorkingDays(date, 1);
}

/** Working days after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(from: CalendarDate, to: CalendarDate): number {
  let count = 0;
  for (let current = from; compareDates(current, to) < 0;) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) count += 1;
  }
  return count;
}
