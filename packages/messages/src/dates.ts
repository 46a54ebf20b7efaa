/**
 * Dates in a language, from the catalogue's "dates" namespace (issue 38 item 2): the pages and the
 * server's emails write them the same way. Chromium carries no Welsh for `Intl.DateTimeFormat` (it
 * falls back to American English), so month and weekday names, and their order, are messages. In
 * English they are word for word the specification's: "05 Dec 2026", "Tue 24 Nov".
 */

/** A "dates" message by its key: `words('monthShort12')` is "Dec" in English. */
export type DateWords = (key: string, values?: Record<string, unknown>) => string;

/** "2026-11-24" (a calendar date, no time). */
type CalendarDate = string;

function partsOf(date: CalendarDate) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Monday is 1 and Sunday 7, as the catalogue numbers them.
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return { year, month, day, weekday };
}

export function datesIn(words: DateWords) {
  const month = (number: number) => words(`monthShort${number}`);
  const weekday = (number: number) => words(`weekdayShort${number}`);
  const dayDate = (date: CalendarDate) => {
    const parts = partsOf(date);
    return words('dayDate', {
      weekday: weekday(parts.weekday),
      day: String(parts.day),
      month: month(parts.month),
      year: String(parts.year),
    });
  };
  return {
    /** "05 Dec 2026" / "05 Rhag 2026": how dates are shown to customers. */
    prettyDate(date: CalendarDate): string {
      const parts = partsOf(date);
      return words('date', {
        day: String(parts.day).padStart(2, '0'),
        month: month(parts.month),
        year: String(parts.year),
      });
    },
    /** "Tue 24 Nov" / "Maw 24 Tach": a day on the timetable. */
    dayLabel(date: CalendarDate): string {
      const parts = partsOf(date);
      return words('dayLabel', {
        weekday: weekday(parts.weekday),
        day: String(parts.day),
        month: month(parts.month),
      });
    },
    /** "Tue 24 Nov 2026": a session's day. */
    dayDate,
    /** "18:00 to 18:45" / "18:00 i 18:45". */
    timeRange(from: string, to: string): string {
      return words('timeRange', { from, to });
    },
    /** "Tue 24 Nov 2026, 18:00 to 18:45": a session, from its day and its start and end times. */
    sessionWhen(date: CalendarDate, from: string, to: string): string {
      return words('sessionWhen', { day: dayDate(date), from, to });
    },
  };
}
