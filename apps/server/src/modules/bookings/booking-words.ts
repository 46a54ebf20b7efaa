/** How a booked session's time is written for customers, in the operator's time zone. */

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/** "Tue 24 Nov 2026, 18:00 to 18:45" */
export function sessionWhen(startsAt: Date, endsAt: Date, timeZone: string): string {
  const { day, time } = formatsFor(timeZone);
  return `${day.format(startsAt).replace(',', '')}, ${time.format(startsAt)} to ${time.format(endsAt)}`;
}

/** "Tue 24 Nov 2026, 16:00": when a booking can last be cancelled. */
export function instantWords(at: Date, timeZone: string): string {
  const { day, time } = formatsFor(timeZone);
  return `${day.format(at).replace(',', '')}, ${time.format(at)}`;
}

/** "2 hours", "30 minutes", "1 day": a cancellation cut-off in words. */
export function cutoffWords(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0 && minutes > 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0 && minutes > 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
