import { zonedParts } from '@lido/pricing/booking-rules';
import { todayIn } from '@lido/pricing/calendar-date';
import { useClientSettings } from '../app/client-settings/get-client-settings.ts';
import { sessionWhen } from './dates.ts';

/** A session's start and end, as the server's answers carry them (ISO instants). */
export interface SessionTimes {
  startsAt: string;
  endsAt: string;
}

/**
 * "Tue 24 Nov 2026, 18:00 to 18:45" / "Maw 24 Tach 2026, 18:00 i 18:45": a session's day and times
 * in the operator's time zone, in the page's language. In English it is word for word the server's
 * `when` (`sessionWhen` in @lido/pricing/booking-rules), which the server writes in English only.
 */
export function sessionWhenOf(session: SessionTimes, timeZone: string): string {
  const start = zonedParts(new Date(session.startsAt), timeZone);
  const end = zonedParts(new Date(session.endsAt), timeZone);
  return sessionWhen(start.date, start.time, end.time);
}

/**
 * The day an instant falls on in the operator's time zone ("2026-11-24"), as the server dates it
 * (`todayIn`); a calendar date stays as it is.
 */
export function zonedDateOf(instantOrDate: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(instantOrDate)
    ? instantOrDate
    : todayIn(timeZone, new Date(instantOrDate));
}

/** `sessionWhenOf` in the operator's time zone (the client settings'), for components below the gate. */
export function useSessionWhen(): (session: SessionTimes) => string {
  const { timeZone } = useClientSettings();
  return (session) => sessionWhenOf(session, timeZone);
}
