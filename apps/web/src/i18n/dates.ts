import english from 'lido-messages:en/dates';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { namespace } from './i18n.ts';

/**
 * Dates in the page's language. Chromium carries no Welsh for `Intl.DateTimeFormat` (it falls back
 * to American English), so the names of months and weekdays, and the order they go in, are
 * messages like any other (namespace "dates"). English is word for word what the specification
 * shows: "05 Dec 2026", "Tue 24 Nov".
 */
export const dateWords = namespace('dates', english, { cy: () => import('lido-messages:cy/dates') });

function partsOf(date: CalendarDate) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Monday is 1 and Sunday 7, as the catalogue numbers them.
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return { year, month, day, weekday };
}

const month = (number: number) => dateWords(`monthShort${number}`);
const weekday = (number: number) => dateWords(`weekdayShort${number}`);

/** "05 Dec 2026" / "05 Rhag 2026": how dates are shown to customers. */
export function prettyDate(date: CalendarDate): string {
  const parts = partsOf(date);
  return dateWords('date', {
    day: String(parts.day).padStart(2, '0'),
    month: month(parts.month),
    year: String(parts.year),
  });
}

/** "Tue 24 Nov" / "Maw 24 Tach": a day on the timetable. */
export function dayLabel(date: CalendarDate): string {
  const parts = partsOf(date);
  return dateWords('dayLabel', {
    weekday: weekday(parts.weekday),
    day: String(parts.day),
    month: month(parts.month),
  });
}

/** "Tue 24 Nov 2026": a session's day. */
export function dayDate(date: CalendarDate): string {
  const parts = partsOf(date);
  return dateWords('dayDate', {
    weekday: weekday(parts.weekday),
    day: String(parts.day),
    month: month(parts.month),
    year: String(parts.year),
  });
}

/** "18:00 to 18:45" / "18:00 i 18:45". */
export function timeRange(from: string, to: string): string {
  return dateWords('timeRange', { from, to });
}
