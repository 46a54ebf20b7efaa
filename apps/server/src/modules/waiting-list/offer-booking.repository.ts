import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activityLocations,
  activityPrices,
  activitySessions,
  type customerBookings,
  customerMemberships,
  customers,
  venues,
  waitingListEntries,
} from '../../db/schema.ts';
import { seriesPrices, seriesSlot, seriesSlotOfSession, sessionRules } from '../activities/index.ts';

/**
 * The queries of telling an offer (decisions 0052 and 0054): claiming the offers to tell, what
 * their email and automatic booking need, and the automatic booking itself.
 */

type Rows<T> = { rows: T[] };

/**
 * New offers whose email (or automatic booking) is not yet queued, at most `limit`, claimed with
 * `SKIP LOCKED` and marked notified in the caller's transaction, so each offer is told once however
 * many job runners there are. With what the email and the automatic booking need.
 */
export async function claimOffersToNotify(db: Executor, limit: number) {
  const result = (await db.execute(sql`
    UPDATE waiting_list_entries e SET notified_at = now()
     WHERE e.id IN (SELECT id FROM waiting_list_entries
                     WHERE status = 'offered' AND notified_at IS NULL
                     ORDER BY id LIMIT ${limit}
                     FOR UPDATE SKIP LOCKED)
       AND e.status = 'offered' AND e.notified_at IS NULL
    RETURNING e.id`)) as unknown as Rows<{ id: number }>;
  return offersById(
    db,
    result.rows.map((row) => row.id),
  );
}

/** Offers (entries) with what their email and their automatic booking need, in id order. */
export async function offersById(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      entry: waitingListEntries,
      email: customers.email,
      firstName: customers.firstName,
      attendeeDateOfBirth: sql<
        string | null
      >`(SELECT date_of_birth::text FROM customers a WHERE a.id = ${waitingListEntries.attendeeCustomerId})`,
      activityId: activities.id,
      activityName: activities.name,
      waiverRequired: sessionRules.waiverRequired,
      /** the series' own prices of some bands, laid over the activity's (decision 0100) */
      seriesPrices,
      venueId: venues.id,
      venueName: venues.name,
      locationName: activityLocations.name,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
    })
    .from(waitingListEntries)
    .innerJoin(customers, eq(customers.id, waitingListEntries.customerId))
    .innerJoin(activitySessions, eq(activitySessions.id, waitingListEntries.sessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(seriesSlot, seriesSlotOfSession)
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .innerJoin(activityLocations, eq(activityLocations.id, activitySessions.locationId))
    .where(inArray(waitingListEntries.id, ids))
    .orderBy(asc(waitingListEntries.id));
}
export type OfferToNotify = Awaited<ReturnType<typeof offersById>>[number];

/** An activity's prices, for the automatic booking's cheapest band. */
export async function activityPricesOf(db: Executor, activityId: number) {
  return db
    .select({ id: activityPrices.id, band: activityPrices.band, pricePence: activityPrices.pricePence })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, activityId))
    .orderBy(asc(activityPrices.id));
}

/** Whether the attendee holds a membership active on the session's local date. */
export async function isMemberOn(db: Executor, customerId: number, startsAt: Date, timeZone: string) {
  const day = sql`(${startsAt.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date`;
  const [row] = await db
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.customerId, customerId),
        eq(customerMemberships.status, 'active'),
        sql`${customerMemberships.startDate} <= ${day}`,
        sql`(${customerMemberships.endDate} IS NULL OR ${customerMemberships.endDate} >= ${day})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The bookings module's insert of booking rows, answering their ids in order. */
export type InsertBookings = (
  db: Executor,
  rows: (typeof customerBookings.$inferInsert)[],
) => Promise<number[]>;

/**
 * The offered place is booked for the attendee (the automatic booking, at no cost or paid by the
 * order `price.orderId`): the booking is made and the entry closed as `booked` in one transaction,
 * only while the place is still offered to them and the session still runs. The booking row is
 * the bookings module's, inserted by what the composition root passes in (bookings use this
 * module, so it cannot import them). The place was already
 * counted in `taken` by the offer, so `taken` is unchanged. Answers the booking's id, or undefined
 * when the place is no longer theirs.
 */
export async function bookOfferedPlace(
  db: Executor,
  offer: OfferToNotify,
  price: { id: number; pricePence: number; benefitUseId: number | null; orderId?: number },
  insertBookings: InsertBookings,
): Promise<number | undefined> {
  const [entry] = await db
    .update(waitingListEntries)
    .set({ status: 'booked', updatedAt: sql`now()` })
    .where(
      and(
        eq(waitingListEntries.id, offer.entry.id),
        eq(waitingListEntries.status, 'offered'),
        sql`NOT (SELECT cancelled FROM activity_sessions s WHERE s.id = ${waitingListEntries.sessionId})`,
      ),
    )
    .returning({ id: waitingListEntries.id });
  if (!entry) return undefined;
  const [bookingId] = await insertBookings(db, [
    {
      customerId: offer.entry.customerId,
      attendeeCustomerId: offer.entry.attendeeCustomerId,
      venueId: offer.venueId,
      activityName: offer.activityName,
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
      status: 'booked',
      pricePence: price.pricePence,
      sessionId: offer.entry.sessionId,
      priceId: price.id,
      quantity: 1,
      locationName: offer.locationName,
      benefitUseId: price.benefitUseId,
      orderId: price.orderId ?? null,
    },
  ]);
  await db
    .update(waitingListEntries)
    .set({ bookingId: bookingId! })
    .where(eq(waitingListEntries.id, offer.entry.id));
  return bookingId!;
}
