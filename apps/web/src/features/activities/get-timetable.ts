import type { SessionDetails, Timetable, TimeOfDay } from '@lido/contracts/activities';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface TimetableFilters {
  /** the first day shown, YYYY-MM-DD; the server's today when absent */
  from?: string | undefined;
  category?: string | undefined;
  timeOfDay?: TimeOfDay | undefined;
}

/**
 * GET /api/activities/venues/{slug}/timetable: one week. Under 'auth' because its prices and
 * availability are this customer's: logging in or out reads it again (use-session.ts).
 */
export const timetableQuery = (slug: string, filters: TimetableFilters) =>
  queryOptions({
    queryKey: [
      'auth',
      'timetable',
      slug,
      filters.from ?? null,
      filters.category ?? null,
      filters.timeOfDay ?? null,
    ],
    queryFn: ({ signal }) =>
      apiGet<Timetable>(
        `activities/venues/${encodeURIComponent(slug)}/timetable`,
        { from: filters.from, days: 7, category: filters.category, timeOfDay: filters.timeOfDay },
        signal,
      ),
    // Places go quickly when bookings open: a short freshness, and read again on return to the tab.
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  });

/** GET /api/activities/sessions/{sessionId}: a session with its price bands for this customer. */
export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['auth', 'activity-session', sessionId],
    queryFn: ({ signal }) =>
      apiGet<SessionDetails>(`activities/sessions/${encodeURIComponent(sessionId)}`, undefined, signal),
    staleTime: 10_000,
    retry: false,
  });
