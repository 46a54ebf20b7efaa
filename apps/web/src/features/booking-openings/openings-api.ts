import type { BookingOpening, OpeningReminder, QueuePlace } from '@lido/contracts/booking-openings';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';

export type { BookingOpening, QueuePlace } from '@lido/contracts/booking-openings';

const queuePath = (openingId: string) => `booking-openings/${encodeURIComponent(openingId)}/queue`;

/** Joins the opening's queue (once: a second join keeps the first place, decision 0094). */
export async function joinQueue(openingId: string): Promise<QueuePlace> {
  return (await apiFetch<QueuePlace>(queuePath(openingId), { method: 'POST' })).data;
}

/**
 * The customer's place, asked again as often as the server suggests, in a background tab too:
 * keeping the tab open is all it takes.
 */
export const queuePlaceQuery = (openingId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['auth', 'booking-openings', openingId, 'queue'],
    queryFn: async ({ signal }) => (await apiFetch<QueuePlace>(queuePath(openingId), { signal })).data,
    enabled,
    refetchInterval: (query) => (query.state.data?.checkAgainSeconds ?? 5) * 1000,
    refetchIntervalInBackground: true,
    // A lost connection keeps trying: the place in the queue is kept on the server meanwhile.
    retry: true,
    retryDelay: (attempt) => Math.min(15_000, 1000 * 2 ** attempt),
  });

const openingsPath = 'booking-openings';
const reminderPath = (openingId: number) => `booking-openings/${openingId}/reminder`;

/** The openings announced and not over: one short list, read once for every page that shows one. */
export const openingsQuery = () =>
  queryOptions({
    queryKey: ['booking-openings'],
    queryFn: async ({ signal }) => (await apiFetch<BookingOpening[]>(openingsPath, { signal })).data,
    staleTime: 30_000,
  });

/** Whether the customer asked to be emailed when the waiting room opens. */
export const reminderQuery = (openingId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['auth', 'booking-openings', openingId, 'reminder'],
    queryFn: async ({ signal }) =>
      (await apiFetch<OpeningReminder>(reminderPath(openingId), { signal })).data,
    enabled,
  });

export async function setReminder(openingId: number, reminding: boolean): Promise<OpeningReminder> {
  return (
    await apiFetch<OpeningReminder>(reminderPath(openingId), {
      method: 'POST',
      body: { reminding } satisfies OpeningReminder,
    })
  ).data;
}

/** The opening that gates a session, if one is announced and its queue not over. */
export function gatingOpening(
  openings: BookingOpening[] | undefined,
  session: { activityId: number; venueId: number; date: string },
): BookingOpening | undefined {
  return openings?.find(
    ({ gates, state }) =>
      state !== 'ended' &&
      (gates.activityId === null || gates.activityId === session.activityId) &&
      (gates.venueId === null || gates.venueId === session.venueId) &&
      session.date >= gates.sessionsFrom &&
      session.date <= gates.sessionsTo,
  );
}
