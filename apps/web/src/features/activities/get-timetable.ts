import type { SessionDetails, Timetable, TimeOfDay } from '@lido/contracts/activities';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface TimetableFilters {
  /** the first day shown, YYYY-MM-DD; the server's today when absent */
  from?: string | undefined;
  category?: string | undefined;
  timeOfDay?: TimeOfDay | undefined;
}

/** Every activity query starts with this, so a booking can have them all read again. */
export const activityKeys = { all: ['activities'] as const, sessions: ['activities', 'session'] as const };

/**
 * GET /api/activities/venues/{slug}/timetable: one week. Its prices and availability are this
 * customer's, so the key carries the auth state: logging in or out reads it afresh. (Not under
 * 'auth', whose queries a logged-out page drops as it mounts, leaving a visitor's spinner waiting.)
 */
export const timetableQuery = (slug: string, filters: TimetableFilters, authState: string | null) =>
  queryOptions({
    queryKey: [
      ...activityKeys.all,
      'timetable',
      slug,
      filters.from ?? null,
      filters.category ?? null,
      filters.timeOfDay ?? null,
      authState,
    ],
    queryFn: ({ signal }) =>
      apiGet<Timetable>(
        `activities/venues/${encodeURIComponent(slug)}/timetable`,
        { from: filters.from, days: 7, category: filters.category, timeOfDay: filters.timeOfDay },
        signal,
      ),
    // Places go quickly when bookings open: a short freshness, and read again on return to the tab.
    staleTime: 15_000,
    // A new day, filter or login keeps the last list on screen while it loads; another centre doesn't.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slug ? previous : undefined,
  });

/** GET /api/activities/sessions/{sessionId}: a session with its price bands for this customer. */
export const sessionQuery = (sessionId: string, authState: string | null, attendeeId?: number) =>
  queryOptions({
    queryKey: [...activityKeys.sessions, sessionId, authState, attendeeId ?? null],
    // For a family member the prices and rules are theirs (selected_user_id).
    queryFn: ({ signal }) =>
      apiGet<SessionDetails>(
        `activities/sessions/${encodeURIComponent(sessionId)}`,
        attendeeId === undefined ? undefined : { selectedUserId: attendeeId },
        signal,
      ),
    staleTime: 10_000,
    retry: false,
    // Logging in changes the key: the page stays on screen (and focus where it was, on the button
    // that opened the login dialog) while the customer's own prices load.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === sessionId ? previous : undefined,
  });
