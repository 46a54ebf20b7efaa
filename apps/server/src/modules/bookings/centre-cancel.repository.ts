import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The SQL of bookings the centre cancels (issue 35 item 3, decision 0095): the bookings on sessions
 * being cancelled, with how each was paid, and the move booked → cancelled by the centre.
 */

async function rows<Row>(ex: Executor, query: SQL): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** How a booking was paid, as the preview counts it. */
export type PaidBy = 'card' | 'credit' | 'package' | 'benefit' | 'guest-pass' | 'free';

export interface BookingOnSession {
  id: number;
  sessionId: number;
  customerId: number;
  orderId: number | null;
  pricePence: number;
  quantity: number;
  benefitUseId: number | null;
  orderTotalPence: number | null;
  orderCreditPence: number | null;
  orderPaymentMethod: string | null;
  orderCardLastFour: string | null;
  packageUse: boolean;
  guestPass: boolean;
  email: string;
  firstName: string;
  activityName: string;
  venueName: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
}

const bookingColumns = sql`b.id, b.session_id AS "sessionId", b.customer_id AS "customerId",
  b.order_id AS "orderId", b.price_pence AS "pricePence", b.quantity, b.benefit_use_id AS "benefitUseId",
  o.total_pence AS "orderTotalPence", o.credit_pence AS "orderCreditPence",
  o.payment_method AS "orderPaymentMethod", o.card_last_four AS "orderCardLastFour",
  EXISTS (SELECT 1 FROM package_uses pu WHERE pu.booking_id = b.id) AS "packageUse",
  EXISTS (SELECT 1 FROM guest_pass_uses gp WHERE gp.booking_id = b.id) AS "guestPass",
  c.email, c.first_name AS "firstName", b.activity_name AS "activityName", v.name AS "venueName",
  b.starts_at AS "startsAt", b.ends_at AS "endsAt", b.status`;
const bookingJoins = sql`FROM customer_bookings b JOIN customers c ON c.id = b.customer_id
  JOIN venues v ON v.id = b.venue_id LEFT JOIN orders o ON o.id = b.order_id`;

const withDates = (found: BookingOnSession[]) =>
  found.map((row) => ({ ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));

/** The bookings still booked on these sessions, oldest first. */
export async function bookedOnSessions(ex: Executor, sessionIds: number[]): Promise<BookingOnSession[]> {
  if (sessionIds.length === 0) return [];
  return withDates(
    await rows<BookingOnSession>(
      ex,
      sql`SELECT ${bookingColumns} ${bookingJoins}
           WHERE b.session_id = ANY(${`{${sessionIds.join(',')}}`}::int[]) AND b.status = 'booked'
           ORDER BY b.id`,
    ),
  );
}

/** The order that paid for a booking (no lock: read before the order's lock is taken). */
export async function orderOfBooking(ex: Executor, bookingId: number): Promise<number | null> {
  const [row] = await rows<{ orderId: number | null }>(
    ex,
    sql`SELECT order_id AS "orderId" FROM customer_bookings WHERE id = ${bookingId}`,
  );
  return row?.orderId ?? null;
}

/** One booking, locked (after its order: the order of locks every refund path keeps). */
export async function lockBooking(ex: Executor, bookingId: number): Promise<BookingOnSession | undefined> {
  const [row] = withDates(
    await rows<BookingOnSession>(
      ex,
      sql`SELECT ${bookingColumns} ${bookingJoins} WHERE b.id = ${bookingId} FOR UPDATE OF b`,
    ),
  );
  return row;
}

/**
 * Cancels a booked booking for the centre, with its refund and reason; only one caller can (it must
 * still be booked), so a customer's cancel at the same moment and this never both succeed.
 */
export async function markCancelledByCentre(
  ex: Executor,
  bookingId: number,
  change: {
    cancellationId: number;
    reason: string;
    pence: number;
    method: 'credit' | 'card';
    cardPence: number;
  },
): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    ex,
    sql`UPDATE customer_bookings
           SET status = 'cancelled', cancelled_at = now(), refund_pence = ${change.pence},
               refund_method = ${change.method},
               refund_status = ${change.cardPence > 0 ? 'pending' : null},
               refund_card_pence = ${change.cardPence > 0 ? change.cardPence : null},
               refund_tried_at = ${change.cardPence > 0 ? sql`now()` : null},
               centre_cancellation_id = ${change.cancellationId}, cancel_reason = ${change.reason}
         WHERE id = ${bookingId} AND status = 'booked'
     RETURNING id`,
  );
  return changed.length > 0;
}

/** The operator's rule for money given back when the centre cancels (migration 0064). */
export async function centreRefundMethod(ex: Executor): Promise<'credit' | 'card'> {
  const [row] = await rows<{ method: 'credit' | 'card' }>(
    ex,
    sql`SELECT centre_cancellation_refund_method AS method FROM operators ORDER BY id LIMIT 1`,
  );
  return row?.method ?? 'card';
}

/** What a cancellation's bookings gave back: counts and money by way, and card refunds by state. */
export interface CancellationTotals {
  bookings: number;
  cardPence: number;
  /** card refunds made or under way (the provider being called, or the job's next try) */
  cardRefunds: number;
  cardRefundsFailed: number;
  cardRefundsPending: number;
  creditPence: number;
  /** package uses, membership benefits and guest passes given back */
  usesGivenBack: number;
}

export async function totalsOfCancellation(
  ex: Executor,
  cancellationId: number,
): Promise<CancellationTotals> {
  const [row] = await rows<CancellationTotals>(
    ex,
    sql`SELECT count(*)::int AS bookings,
               coalesce(sum(refund_card_pence), 0)::int AS "cardPence",
               count(*) FILTER (WHERE refund_card_pence > 0 AND refund_status IN ('done', 'pending'))::int AS "cardRefunds",
               count(*) FILTER (WHERE refund_card_pence > 0 AND refund_status = 'failed')::int AS "cardRefundsFailed",
               count(*) FILTER (WHERE refund_card_pence > 0 AND refund_status = 'pending')::int AS "cardRefundsPending",
               coalesce(sum(coalesce(refund_pence, 0) - coalesce(refund_card_pence, 0)), 0)::int AS "creditPence",
               count(*) FILTER (WHERE b.benefit_use_id IS NOT NULL
                 OR EXISTS (SELECT 1 FROM package_uses pu WHERE pu.booking_id = b.id)
                 OR EXISTS (SELECT 1 FROM guest_pass_uses gp WHERE gp.booking_id = b.id))::int AS "usesGivenBack"
          FROM customer_bookings b WHERE b.centre_cancellation_id = ${cancellationId}`,
  );
  return row!;
}
