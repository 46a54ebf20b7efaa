import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderRefunds, orders, type OrderRefundKind } from '../../db/schema.ts';

/** The refund ledger's queries (decision 0072). */

/**
 * Locks the order's row, then reads what it was paid and what it has given back: every refund path
 * takes this lock first, so two of them (on any instances) count each other's refunds.
 */
export async function lockOrderAndRefunds(db: Executor, orderId: number) {
  const [order] = await db
    .select({ id: orders.id, totalPence: orders.totalPence })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return undefined;
  return { ...order, refundedPence: await refundedOfOrder(db, orderId) };
}

/** Adds a refund; false when this subject was refunded already (each booking, membership or void once). */
export async function insertOrderRefund(
  db: Executor,
  refund: { orderId: number; kind: OrderRefundKind; subjectId: number; amountPence: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(orderRefunds)
    .values(refund)
    .onConflictDoNothing({ target: [orderRefunds.kind, orderRefunds.subjectId] })
    .returning({ id: orderRefunds.id });
  return rows.length > 0;
}

/** Orders that gave back more than they were paid: none, ever (a check for tests and the health of data). */
export async function ordersRefundedBeyondPaid(db: Executor) {
  return db
    .select({
      orderId: orders.id,
      totalPence: orders.totalPence,
      refundedPence: sql<number>`sum(${orderRefunds.amountPence})::int`,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .groupBy(orders.id, orders.totalPence)
    .having(sql`sum(${orderRefunds.amountPence}) > ${orders.totalPence}`);
}

/** What an order has given back so far (under the order's lock, or for a preview without one). */
export async function refundedOfOrder(db: Executor, orderId: number): Promise<number> {
  const [row] = await db
    .select({ refundedPence: sql<number>`coalesce(sum(${orderRefunds.amountPence}), 0)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return Number(row?.refundedPence ?? 0);
}
