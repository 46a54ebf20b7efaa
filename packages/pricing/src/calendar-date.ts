/**
 * Calendar dates as `YYYY-MM-DD` strings. All arithmetic is done on UTC midnights, so no result
 * depends on the machine's time zone; "today" is always passed in (see `todayIn`).
 */

export type CalendarDate = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

export interface DateParts {
  year: number;
  month: number; // 1-12
  day: number;
}

export function parseDate(date: CalendarDate): DateParts {
  const match = datePattern.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: "${date}"`);
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (
    parts.month < 1 ||
    parts.month > 12 ||
    parts.day < 1 ||
    parts.day > daysInMonth(parts.year, parts.month)
  ) {
    throw new RangeError(`Not a real calendar date: "${date}"`);
  }
  return parts;
}

export function isCalendarDate(value: string): boolean {
  try {
    parseDate(value);
    return true;
  } catch {
    return false;
  }
}

export function formatDate({ year, month, day }: DateParts): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toUtc(date: CalendarDate): number {
  const { year, month, day } = parseDate(date);
  return Date.UTC(year, month - 1, day);
}

function fromUtc(ms: number): CalendarDate {
  const date = new Date(ms);
  return formatDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(toUtc(date) + days * dayMs);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtc(to) - toUtc(from)) / dayMs);
}

/** Adds months, clamping to the end of a shorter month: 2027-01-31 + 1 month is 2027-02-28. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = parseDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

export type Period = 'day' | 'week' | 'month' | 'year';

export function addPeriod(date: CalendarDate, amount: number, period: Period): CalendarDate {
  switch (period) {
    case 'day':
      return addDays(date, amount);
    case 'week':
      return addDays(date, amount * 7);
    case 'month':
      return addMonths(date, amount);
    case 'year':
      return addMonths(date, amount * 12);
  }
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0; // ISO dates sort as strings
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale, zone and options: making one costs far more than using one. */
export function zonedFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

const dateOnly: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The calendar date it is now in a time zone (the operator's, Europe/London by default). */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  const parts = zonedFormat('en-CA', timeZone, dateOnly).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * A zone's offset from UTC in minutes and the instants (ISO, `from` inclusive, `until` exclusive)
 * it holds between: the server works it out (`zoneOffsetWindow`) and sends it with the client
 * settings, so a browser finds the operator's date with arithmetic (see `todayWithin`).
 */
export interface ZoneOffsetWindow {
  minutes: number;
  from: string;
  until: string;
}

/**
 * The operator's date at `now` from a zone offset window, or null once `now` is outside it (a tab
 * left open across a clock change, or a wrong device clock): `todayIn` answers then. It saves the
 * browser its first `Intl` date format, which loads the time-zone data and costs some 15 ms of main
 * thread (60 ms on a mid-range phone) in the joining page's first render (decision 0066).
 */
export function todayWithin(window: ZoneOffsetWindow, now: Date): CalendarDate | null {
  const at = now.getTime();
  if (!(at >= Date.parse(window.from) && at < Date.parse(window.until))) return null;
  return new Date(at + window.minutes * 60_000).toISOString().slice(0, 10);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `01 Dec 2026`: how dates are shown to people. */
export function prettyDate(date: CalendarDate): string {
  const { year, month, day } = parseDate(date);
  return `${String(day).padStart(2, '0')} ${monthNames[month - 1]} ${year}`;
}

/** Whole years from a date of birth to `today` (a birthday on 29 February counts from 1 March). */
export function ageOn(dateOfBirth: CalendarDate, today: CalendarDate): number {
  const birth = parseDate(dateOfBirth);
  const now = parseDate(today);
  let age = now.year - birth.year;
  if (now.month < birth.month || (now.month === birth.month && now.day < birth.day)) age -= 1;
  return age;
}

/** `21/11/2026`: the date input's format (joining spec), used in messages about date limits. */
export function ukDate(date: CalendarDate): string {
  const { year, month, day } = parseDate(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}
