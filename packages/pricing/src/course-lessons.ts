import { addDays, type CalendarDate, compareDates, parseDate } from './calendar-date.ts';

/**
 * The lesson dates of a course (issue 36, decision 0105): a weekly class on one day of the week,
 * either over a term (every week from the term's first day to its last, less the skipped dates) or
 * continuous (every week from its first day, with no end). Pure: dates are the operator's local
 * calendar dates, `YYYY-MM-DD`.
 */

/** ISO weekday: 1 Monday … 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const courseWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type CourseWeekday = (typeof courseWeekdays)[number];

/** A day, or the days from `from` to `to` (both included), on which no lesson runs: a half-term. */
export interface SkippedDates {
  from: CalendarDate;
  to: CalendarDate;
}

/** The ISO weekday of a date (1 Monday … 7 Sunday). */
export function isoWeekdayOf(date: CalendarDate): IsoWeekday {
  const { year, month, day } = parseDate(date);
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as IsoWeekday;
}

/** The first date on or after `date` that falls on `weekday`. */
export function firstWeekdayOnOrAfter(date: CalendarDate, weekday: IsoWeekday): CalendarDate {
  return addDays(date, (weekday - isoWeekdayOf(date) + 7) % 7);
}

function skipped(date: CalendarDate, skips: readonly SkippedDates[]): boolean {
  return skips.some((skip) => compareDates(skip.from, date) <= 0 && compareDates(date, skip.to) <= 0);
}

/**
 * A term's lessons: every `weekday` from `firstDay` to `lastDay` (both included), less the dates
 * `skips` covers. E.g. Saturdays from 2027-01-09 to 2027-03-27 skipping 2027-02-13 to 2027-02-21
 * is 12 Saturdays less 2: 10 lessons.
 */
export function termLessonDates(input: {
  weekday: IsoWeekday;
  firstDay: CalendarDate;
  lastDay: CalendarDate;
  skips?: readonly SkippedDates[];
}): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (
    let date = firstWeekdayOnOrAfter(input.firstDay, input.weekday);
    compareDates(date, input.lastDay) <= 0;
    date = addDays(date, 7)
  ) {
    if (!skipped(date, input.skips ?? [])) dates.push(date);
  }
  return dates;
}

/**
 * A continuous course's next `count` lessons on or after `from`: every `weekday` from its first
 * day `startsOn`, less the dates `skips` covers (a Christmas closure). It has no end.
 */
export function continuousLessonDates(input: {
  weekday: IsoWeekday;
  startsOn: CalendarDate;
  from: CalendarDate;
  count: number;
  skips?: readonly SkippedDates[];
}): CalendarDate[] {
  const start = compareDates(input.from, input.startsOn) > 0 ? input.from : input.startsOn;
  const dates: CalendarDate[] = [];
  // A skip is a few weeks at most; ten years of weeks stops a runaway should one cover all time.
  for (
    let date = firstWeekdayOnOrAfter(start, input.weekday), weeks = 0;
    dates.length < input.count && weeks < 520;
    date = addDays(date, 7), weeks += 1
  ) {
    if (!skipped(date, input.skips ?? [])) dates.push(date);
  }
  return dates;
}

/**
 * Whether a lesson can still be attended by someone enrolling at local date `nowDate`, clock time
 * `nowTime` (`HH:MM`): only when the enrolment comes before the lesson's start. Enrolling at or
 * after a lesson's start time means that lesson is not theirs (nor paid for).
 */
export function lessonStillAhead(
  lessonDate: CalendarDate,
  startTime: string,
  now: { date: CalendarDate; time: string },
): boolean {
  const byDate = compareDates(lessonDate, now.date);
  return byDate > 0 || (byDate === 0 && now.time < startTime);
}
