import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { joinSessionFacts, sessionFacts } from '../cart/booking-lines.repository.ts';
import {
  activities,
  activityPrices,
  activitySessions,
  cartBookingLines,
  customerBookings,
  customers,
  operators,
  orders,
  venues,
} from '../../db/schema.ts';

/**
 * Every query of paying for bookings, the bookings made and cancelling them (decision 0032). A
 * booking line in a basket always counts in its session's `taken`: releasing a hold deletes the
 * line and gives the place back together, so a line that is still there still holds its place.
 */

export type BookingLineRow = typeof cartBookingLines.$inferSelect;
export { type BookingLine, bookingLinesOf } from '../cart/booking-lines.repository.ts';
export type BookingRow = typeof customerBookings.$inferSelect;

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
 * Takes `quantity` places again for a paid line whose hold was released: one conditional UPDATE,
 * so it succeeds only while the session runs and has room (the CHECK on `taken` backs it).
 */
export async function retakePlaces(db: Executor, sessionId: number, quantity: number): Promise<boolean> {
  const taken = await db
    .update(activitySessions)
    .set({ taken: sql`${activitySessions.taken} + ${quantity}` })
    .where(
      and(
        eq(activitySessions.id, sessionId),
        eq(activitySessions.cancelled, false),
        sql`${activitySessions.taken} + ${quantity} <= ${activitySessions.capacity}`,
      ),
    )
    .returning({ id: activitySessions.id });
  return taken.length > 0;
}

/** Gives a cancelled booking's places back to the session at once. */
export async function releasePlaces(db: Executor, sessionId: number, quantity: number) {
  await db
    .update(activitySessions)
    .set({ taken: sql`greatest(${activitySessions.taken} - ${quantity}, 0)` })
    .where(eq(activitySessions.id, sessionId));
}

export async function deleteBookingLines(db: Executor, lineIds: number[]) {
  if (lineIds.length > 0) await db.delete(cartBookingLines).where(inArray(cartBookingLines.id, lineIds));
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
export type OrderBooking = Awaited<ReturnType<typeof bookingsOfOrder>>[number];

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
      cutoffMinutes: activities.cancellationCutoffMinutes,
      orderTotalPence: orders.totalPence,
      orderCreditPence: orders.creditPence,
      orderPaymentMethod: orders.paymentMethod,
      orderCardLastFour: orders.cardLastFour,
    })
    .from(customerBookings)
    .innerJoin(venues, eq(venues.id, customerBookings.venueId))
    .leftJoin(activitySessions, eq(activitySessions.id, customerBookings.sessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
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
  refund: { pence: number; method: 'credit' | 'card'; cardPending: boolean },
): Promise<boolean> {
  const rows = await db
    .update(customerBookings)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      refundPence: refund.pence,
      refundMethod: refund.method,
      refundStatus: refund.cardPending ? 'pending' : null,
    })
    .where(and(eq(customerBookings.id, bookingId), eq(customerBookings.status, 'booked')))
    .returning({ id: customerBookings.id });
  return rows.length > 0;
}

export async function markCardRefund(db: Executor, bookingId: number, status: 'done' | 'failed') {
  await db.update(customerBookings).set({ refundStatus: status }).where(eq(customerBookings.id, bookingId));
}

export async function addCredit(db: Executor, customerId: number, pence: number) {
  if (pence <= 0) return;
  await db
    .update(customers)
    .set({ creditBalancePence: sql`${customers.creditBalancePence} + ${pence}` })
    .where(eq(customers.id, customerId));
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
 * Cancelled bookings whose card refund failed, or was claimed over ten minutes ago and never
 * finished (a process stopped between the commit and the provider's answer): staff refund these.
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
      sql`${customerBookings.refundStatus} = 'failed' OR (${customerBookings.refundStatus} = 'pending' AND ${customerBookings.cancelledAt} < now() - interval '10 minutes')`,
    )
    .orderBy(asc(customerBookings.cancelledAt));
}
