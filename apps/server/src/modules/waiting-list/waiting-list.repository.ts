import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activityLocations,
  activitySessions,
  customerBookings,
  venues,
  waitingListEntries,
} from '../../db/schema.ts';
import { putPlacesOnSale, takeSparePlace } from '../activities/index.ts';

/**
 * Every query of waiting lists (decision 0052). A session's `taken` counts places held in baskets,
 * places booked and places offered to the waiting list: a freed place becomes an offer by the same
 * transaction that freed it, so it is never on general sale while offered, and only the customer it
 * was offered to can turn it into a basket line (`claimOffer`).
 */

type WaitingEntryRow = typeof waitingListEntries.$inferSelect;

type Rows<T> = { rows: T[] };

/** The operator's offer hold, read with the database's clock (one operator per database). */
const offerEnds = sql`now() + make_interval(hours => (SELECT waiting_list_offer_hours FROM operators ORDER BY id LIMIT 1))`;

/** How many hours a freed place is kept for the customer it is offered to (the operator's setting). */
export async function offerHoldHours(db: Executor): Promise<number> {
  const { rows } = (await db.execute(
    sql`SELECT waiting_list_offer_hours AS hours FROM operators ORDER BY id LIMIT 1`,
  )) as Rows<{ hours: number }>;
  return rows[0]?.hours ?? 2;
}

/**
 * Places of a session are free again (a booking cancelled, a basket line removed or released, a
 * quantity lowered): the first `quantity` waiting customers are offered one each, in the caller's
 * transaction, and only places nobody is waiting for go back on sale. Entries another transaction
 * is offering right now are skipped, so two frees never offer one entry twice. A session that has
 * started, was cancelled or is not bookable online offers nothing. Answers how many were offered.
 */
export async function freePlaces(db: Executor, sessionId: number, quantity: number): Promise<number> {
  if (quantity <= 0) return 0;
  const offered = (await db.execute(sql`
    UPDATE waiting_list_entries e
       SET status = 'offered', offered_at = now(), notified_at = NULL, updated_at = now(),
           offer_expires_at = least(${offerEnds}, s.starts_at)
      FROM activity_sessions s
     WHERE s.id = e.session_id
       AND e.id IN (SELECT w.id FROM waiting_list_entries w
                     WHERE w.session_id = ${sessionId} AND w.status = 'waiting'
                     ORDER BY w.id LIMIT ${quantity}
                     FOR UPDATE SKIP LOCKED)
       AND e.status = 'waiting'
       AND NOT s.cancelled AND s.online_booking_enabled AND s.starts_at > now()
    RETURNING e.id`)) as unknown as Rows<{ id: number }>;
  const rest = quantity - offered.rows.length;
  await putPlacesOnSale(db, sessionId, rest);
  return offered.rows.length;
}

/**
 * Sessions with people waiting and a place on sale all the same (capacity raised by a catalogue
 * import, or a place that came free between a join's check and its insert), at most `limit`.
 */
export async function sessionsWithSparePlaces(db: Executor, limit: number): Promise<number[]> {
  const result = (await db.execute(sql`
    SELECT DISTINCT w.session_id AS id FROM waiting_list_entries w
      JOIN activity_sessions s ON s.id = w.session_id
     WHERE w.status = 'waiting' AND s.taken < s.capacity
       AND NOT s.cancelled AND s.online_booking_enabled AND s.starts_at > now()
     LIMIT ${limit}`)) as unknown as Rows<{ id: number }>;
  return result.rows.map((row) => row.id);
}

/**
 * Takes one spare place of a session for its waiting list (the activities module's conditional
 * take, re-checked under the row's lock, so it never passes capacity), then `freePlaces` offers it to
 * the first in line, or gives it back if nobody is waiting any more. Answers whether it was offered.
 */
export async function offerSparePlace(db: Executor, sessionId: number): Promise<boolean> {
  if (!(await takeSparePlace(db, sessionId))) return false;
  return (await freePlaces(db, sessionId, 1)) === 1;
}

/**
 * Joins the queue; a second join of the same attendee while waiting or offered adds nothing (the
 * partial unique index). Answers the new entry, or undefined when already queued.
 */
export async function insertEntry(
  db: Executor,
  entry: {
    sessionId: number;
    customerId: number;
    attendeeCustomerId: number;
    autoBook: boolean;
    payWithSavedCardId: number | null;
  },
): Promise<WaitingEntryRow | undefined> {
  const [row] = await db
    .insert(waitingListEntries)
    .values(entry)
    .onConflictDoNothing({
      target: [waitingListEntries.sessionId, waitingListEntries.attendeeCustomerId],
      where: sql`status IN ('waiting', 'offered')`,
    })
    .returning();
  return row;
}

/** Where an entry stands: waiting customers before it, plus one (null unless waiting). */
const position = sql<number | null>`CASE WHEN ${waitingListEntries.status} = 'waiting' THEN (
  SELECT count(*)::int FROM waiting_list_entries w
   WHERE w.session_id = ${waitingListEntries.sessionId} AND w.status = 'waiting'
     AND w.id <= ${waitingListEntries.id}) END`;

const entryFields = {
  entry: waitingListEntries,
  position,
  activityName: activities.name,
  venueName: venues.name,
  venueSlug: venues.slug,
  locationName: activityLocations.name,
  startsAt: activitySessions.startsAt,
  endsAt: activitySessions.endsAt,
  /** the saved card agreed to pay for an automatic booking, as the customer knows it */
  payingCard: sql<{ cardType: string; lastFourDigits: string } | null>`(
    SELECT json_build_object('cardType', c.card_type, 'lastFourDigits', c.last_four_digits)
      FROM saved_cards c WHERE c.id = ${waitingListEntries.payWithSavedCardId})`,
};

/**
 * A customer's live entries (waiting or offered) of sessions still to start, soonest first; with
 * `sessionId` only that session's, with `entryId` only that entry. Never another customer's.
 */
export async function liveEntriesOf(
  db: Executor,
  customerId: number,
  options: { sessionId?: number; entryId?: number } = {},
) {
  return db
    .select(entryFields)
    .from(waitingListEntries)
    .innerJoin(activitySessions, eq(activitySessions.id, waitingListEntries.sessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .innerJoin(activityLocations, eq(activityLocations.id, activitySessions.locationId))
    .where(
      and(
        eq(waitingListEntries.customerId, customerId),
        inArray(waitingListEntries.status, ['waiting', 'offered']),
        sql`${activitySessions.startsAt} > now()`,
        options.sessionId === undefined ? undefined : eq(waitingListEntries.sessionId, options.sessionId),
        options.entryId === undefined ? undefined : eq(waitingListEntries.id, options.entryId),
      ),
    )
    .orderBy(asc(activitySessions.startsAt), asc(waitingListEntries.id));
}
export type LiveEntry = Awaited<ReturnType<typeof liveEntriesOf>>[number];

/**
 * The customer leaves the list: a waiting or offered entry of theirs becomes `left`, once (the row
 * is locked and the status re-checked). Answers the status it had, so an offered place can be
 * passed on in the same transaction; undefined when it was not theirs or not live.
 */
export async function markLeft(
  db: Executor,
  customerId: number,
  entryId: number,
): Promise<{ sessionId: number; was: 'waiting' | 'offered' } | undefined> {
  const result = (await db.execute(sql`
    UPDATE waiting_list_entries e SET status = 'left', updated_at = now()
      FROM (SELECT id, status FROM waiting_list_entries
             WHERE id = ${entryId} AND customer_id = ${customerId} AND status IN ('waiting', 'offered')
             FOR UPDATE) old
     WHERE e.id = old.id AND e.status IN ('waiting', 'offered')
    RETURNING e.session_id AS "sessionId", old.status AS was`)) as unknown as Rows<{
    sessionId: number;
    was: 'waiting' | 'offered';
  }>;
  return result.rows[0];
}

/** The sessions among `sessionIds` whose place is offered to this attendee right now. */
export async function offeredSessions(
  db: Executor,
  attendeeId: number,
  sessionIds: number[],
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ sessionId: waitingListEntries.sessionId })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.attendeeCustomerId, attendeeId),
        inArray(waitingListEntries.sessionId, sessionIds),
        eq(waitingListEntries.status, 'offered'),
        sql`${waitingListEntries.offerExpiresAt} > now()`,
      ),
    );
  return new Set(rows.map((row) => row.sessionId));
}

/**
 * The offered place becomes the attendee's: one conditional UPDATE (offered, not lapsed), so of any
 * number of concurrent claims exactly one succeeds. The place stays counted in `taken`; the
 * caller's basket line now holds it. Answers whether this call claimed it.
 */
export async function claimOffer(db: Executor, sessionId: number, attendeeId: number): Promise<boolean> {
  const rows = await db
    .update(waitingListEntries)
    .set({ status: 'claimed', updatedAt: sql`now()` })
    .where(
      and(
        eq(waitingListEntries.sessionId, sessionId),
        eq(waitingListEntries.attendeeCustomerId, attendeeId),
        eq(waitingListEntries.status, 'offered'),
        sql`${waitingListEntries.offerExpiresAt} > now()`,
      ),
    )
    .returning({ id: waitingListEntries.id });
  return rows.length === 1;
}

/**
 * Offers whose time ran out, at most `limit`, claimed with `SKIP LOCKED` and moved to `expired`
 * in the caller's transaction (the status re-checked under the lock), so of several job runners
 * each lapsed offer is expired by exactly one. The caller passes each place on with `freePlaces`.
 */
export async function expireLapsedOffers(db: Executor, limit: number) {
  const result = (await db.execute(sql`
    UPDATE waiting_list_entries e SET status = 'expired', updated_at = now()
     WHERE e.id IN (SELECT id FROM waiting_list_entries
                     WHERE status = 'offered' AND offer_expires_at <= now()
                     ORDER BY offer_expires_at, id LIMIT ${limit}
                     FOR UPDATE SKIP LOCKED)
       AND e.status = 'offered'
    RETURNING e.id, e.session_id AS "sessionId"`)) as unknown as Rows<{ id: number; sessionId: number }>;
  return result.rows;
}

/**
 * Queued entries of sessions that have started or been cancelled are closed: nothing will be
 * offered to them any more, so they leave My account.
 */
export async function closeFinishedLists(db: Executor) {
  await db.execute(sql`
    UPDATE waiting_list_entries e SET status = 'closed', updated_at = now()
      FROM activity_sessions s
     WHERE s.id = e.session_id AND e.status = 'waiting' AND (s.starts_at <= now() OR s.cancelled)`);
}

/**
 * The live entries (waiting or offered) of sessions the centre cancelled are closed, in the
 * caller's transaction (decision 0095): answers each with whom to tell. An offered entry's place
 * is not put back on sale: its session is cancelled.
 */
export async function closeListsOfCancelledSessions(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const result = (await db.execute(sql`
    UPDATE waiting_list_entries e SET status = 'closed', updated_at = now()
      FROM customers c
     WHERE c.id = e.customer_id AND e.session_id = ANY(${`{${sessionIds.join(',')}}`}::int[])
       AND e.status IN ('waiting', 'offered')
    RETURNING e.id, e.session_id AS "sessionId", c.email, c.first_name AS "firstName"`)) as unknown as Rows<{
    id: number;
    sessionId: number;
    email: string;
    firstName: string;
  }>;
  return result.rows;
}

/** Live entries (waiting or offered) per session, for what a cancellation would touch. */
export async function liveEntriesOnSessions(
  db: Executor,
  sessionIds: number[],
): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    SELECT session_id AS "sessionId", count(*)::int AS count FROM waiting_list_entries
     WHERE session_id = ANY(${`{${sessionIds.join(',')}}`}::int[]) AND status IN ('waiting', 'offered')
     GROUP BY session_id`)) as unknown as Rows<{ sessionId: number; count: number }>;
  return new Map(result.rows.map((row) => [row.sessionId, row.count]));
}

/** What joining checks of a session: whether it runs, can be booked online, and is full. */
export async function sessionForJoining(db: Executor, sessionId: number) {
  const [row] = await db
    .select({
      id: activitySessions.id,
      startsAt: activitySessions.startsAt,
      capacity: activitySessions.capacity,
      taken: activitySessions.taken,
      cancelled: activitySessions.cancelled,
      onlineBookingEnabled: activitySessions.onlineBookingEnabled,
      activityKind: activities.kind,
      activityActive: activities.active,
    })
    .from(activitySessions)
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(eq(activitySessions.id, sessionId));
  return row;
}

/** Whether the attendee already has a booking of this session (no need to wait for it). */
export async function isBookedOn(db: Executor, attendeeId: number, sessionId: number) {
  const [row] = await db
    .select({ id: customerBookings.id })
    .from(customerBookings)
    .where(
      and(
        eq(customerBookings.sessionId, sessionId),
        eq(customerBookings.status, 'booked'),
        sql`coalesce(${customerBookings.attendeeCustomerId}, ${customerBookings.customerId}) = ${attendeeId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
