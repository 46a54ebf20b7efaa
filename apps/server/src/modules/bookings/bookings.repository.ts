import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { seriesSlot, seriesSlotOfSession, sessionRules } from '../activities/index.ts';
import { joinSessionFacts, sessionFacts } from '../cart/index.ts';
import {
  activities,
  activityPrices,
  activitySessions,
  type cartBookingLines,
  customerBookings,
  customers,
  operators,
  orders,
  venues,
} from '../../db/schema.ts';
import { freePlaces } from '../waiting-list/index.ts';

/**
 * Every query of paying for bookings, the bookings made and cancelling them (decision 0032). A
 * booking line in a basket always counts in its session's `taken`: releasing a hold deletes the
 * line and gives the place back together, so a line that is still there still holds its place.
 */

export type BookingLineRow = typeof cartBookingLines.$inferSelect;
export { type BookingLine, bookingLinesOf } from '../cart/index.ts';

/** The facts of sessions and prices a paid line names whose basket line has gone. */
export async function sessionsFor(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const query = db
    .select({ id: activitySessions.id, ...sessionFacts })
    .from(activitySessions)
    .$dynamic();
  return joinSessionFacts(query).where(inArray(activitySessions.id, sessionIds));
}

/**
 * Gives a cancelled booking's places back at once: to the session's waiting list first, the rest
 * back on sale (decision 0052).
 */
export async function releasePlaces(db: Executor, sessionId: number, quantity: number) {
  await freePlaces(db, sessionId, quantity);
}

export async function insertBookings(
  db: Executor,
  rows: (typeof customerBookings.$inferInsert)[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(customerBookings).values(rows).returning({ id: customerBookings.id });
  return inserted.map((row) => row.id);
}

/** The bookings an order made, with what they name, in the order they were made. */
export async function bookingsOfOrder(db: Executor, orderId: number) {
  const query = db
    .select({ booking: customerBookings, band: activityPrices.band, ...sessionFacts })
    .from(customerBookings)
    .innerJoin(activitySessions, eq(activitySessions.id, customerBookings.sessionId))
    .$dynamic();
  return joinSessionFacts(query)
    .leftJoin(activityPrices, eq(activityPrices.id, customerBookings.priceId))
    .where(eq(customerBookings.orderId, orderId))
    .orderBy(asc(customerBookings.id));
}

/**
 * A customer's bookings (never anyone else's), oldest first, with what cancelling needs: the
 * session's cut-off and how the order was paid. Rows from before sessions existed have no session.
 */
export async function bookingsOfCustomer(
  db: Executor,
  customerId: number,
  options: { bookingId?: number; lock?: boolean } = {},
) {
  const query = db
    .select({
      booking: customerBookings,
      venueName: venues.name,
      /** the session's cut-off: its series' own, else its activity's (decision 0100) */
      cutoffMinutes: sessionRules.cancellationCutoffMinutes,
      /** the centre has cancelled the session (decision 0095) */
      sessionCancelled: activitySessions.cancelled,
      orderTotalPence: orders.totalPence,
      orderCreditPence: orders.creditPence,
      orderPaymentMethod: orders.paymentMethod,
      orderCardLastFour: orders.cardLastFour,
    })
    .from(customerBookings)
    .innerJoin(venues, eq(venues.id, customerBookings.venueId))
    .leftJoin(activitySessions, eq(activitySessions.id, customerBookings.sessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(seriesSlot, seriesSlotOfSession)
    .leftJoin(orders, eq(orders.id, customerBookings.orderId))
    .where(
      and(
        eq(customerBookings.customerId, customerId),
        options.bookingId === undefined ? undefined : eq(customerBookings.id, options.bookingId),
      ),
    )
    .orderBy(asc(customerBookings.startsAt), asc(customerBookings.id));
  return options.lock ? query.for('update', { of: customerBookings }) : query;
}
export type CustomerBooking = Awaited<ReturnType<typeof bookingsOfCustomer>>[number];

/**
 * Cancels a booked booking with its refund; only one caller can (the row must still be booked),
 * so a second or concurrent cancel changes nothing and answers false.
 */
export async function markCancelled(
  db: Executor,
  bookingId: number,
  refund: { pence: number; method: 'credit' | 'card'; cardPence: number },
): Promise<boolean> {
  const rows = await db
    .update(customerBookings)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      refundPence: refund.pence,
      refundMethod: refund.method,
      refundStatus: refund.cardPence > 0 ? 'pending' : null,
      refundCardPence: refund.cardPence > 0 ? refund.cardPence : null,
      refundTriedAt: refund.cardPence > 0 ? sql`now()` : null,
    })
    .where(and(eq(customerBookings.id, bookingId), eq(customerBookings.status, 'booked')))
    .returning({ id: customerBookings.id });
  return rows.length > 0;
}

export async function markCardRefund(db: Executor, bookingId: number, status: 'done' | 'failed') {
  await db
    .update(customerBookings)
    .set({ refundStatus: status, refundTriedAt: sql`now()` })
    .where(eq(customerBookings.id, bookingId));
}

/** A card refund is retried this many times (after the first try), then left to staff. */
const cardRefundRetries = 5;

/**
 * Claims card refunds to try again: failed ones once their wait is over (10 minutes, then 20, 30…)
 * and claimed ones whose process stopped (pending for 10 minutes). The claim marks the row pending
 * and counts the try in the same statement, and SKIP LOCKED keeps two instances off the same row.
 */
export async function claimCardRefundRetries(db: Executor, limit = 20) {
  const result = (await db.execute(sql`
    UPDATE customer_bookings b
       SET refund_status = 'pending', refund_attempts = b.refund_attempts + 1, refund_tried_at = now()
     WHERE b.id IN (
       SELECT id FROM customer_bookings
        WHERE refund_card_pence > 0 AND refund_attempts < ${cardRefundRetries}
          AND ((refund_status = 'failed'
                AND refund_tried_at <= now() - make_interval(mins => 10 * (refund_attempts + 1)))
            OR (refund_status = 'pending' AND refund_tried_at <= now() - interval '10 minutes'))
        ORDER BY cancelled_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING b.id, b.order_id AS "orderId", b.refund_card_pence AS "cardPence"`)) as unknown as {
    rows: { id: number; orderId: number | null; cardPence: number }[];
  };
  return result.rows;
}

/** The operator's booking rules (one operator per deployment). */
export async function bookingSettings(db: Executor) {
  const [row] = await db
    .select({
      holdMinutes: operators.basketHoldMinutes,
      refundMethod: operators.bookingRefundMethod,
      currency: operators.currency,
      name: operators.name,
    })
    .from(operators)
    .orderBy(asc(operators.id))
    .limit(1);
  return row;
}

/**
 * Cancelled bookings whose card refund the retry job gave up on (or, from before migration 0044,
 * cannot retry), or that has been pending for over an hour (the job is not running): staff refund
 * these. A refund the job will still try is not listed, so nobody refunds it twice.
 */
export async function bookingRefundsNeedingAttention(db: Executor) {
  return db
    .select({
      bookingId: customerBookings.id,
      customer: customers.reference,
      orderReference: orders.reference,
      refundPence: customerBookings.refundPence,
      refundStatus: customerBookings.refundStatus,
      cancelledAt: customerBookings.cancelledAt,
    })
    .from(customerBookings)
    .innerJoin(customers, eq(customers.id, customerBookings.customerId))
    .leftJoin(orders, eq(orders.id, customerBookings.orderId))
    .where(
      sql`(${customerBookings.refundStatus} = 'failed'
             AND (${customerBookings.refundAttempts} >= ${cardRefundRetries} OR ${customerBookings.refundCardPence} IS NULL))
        OR (${customerBookings.refundStatus} = 'pending'
             AND coalesce(${customerBookings.refundTriedAt}, ${customerBookings.cancelledAt}) < now() - interval '1 hour')`,
    )
    .orderBy(asc(customerBookings.cancelledAt));
}

/**
 * Places already booked (and not cancelled) on these sessions for these attendees, per session and
 * attendee (issue 33 item 6): the basket warns before the same person is booked on a session again.
 * A guest brought on a pass is not the member, so guests' bookings are left out.
 */
export async function bookedPlacesOn(db: Executor, sessionIds: number[], attendeeIds: number[]) {
  if (sessionIds.length === 0 || attendeeIds.length === 0) return [];
  const attendee = sql<number>`coalesce(${customerBookings.attendeeCustomerId}, ${customerBookings.customerId})`;
  return db
    .select({
      sessionId: sql<number>`${customerBookings.sessionId}`,
      attendeeId: attendee,
      places: sql<number>`sum(${customerBookings.quantity})::int`,
    })
    .from(customerBookings)
    .where(
      and(
        inArray(customerBookings.sessionId, sessionIds),
        inArray(attendee, attendeeIds),
        eq(customerBookings.status, 'booked'),
        sql`${customerBookings.guestName} IS NULL`,
      ),
    )
    .groupBy(customerBookings.sessionId, attendee);
}
