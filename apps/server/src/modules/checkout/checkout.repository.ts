import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carts, orderItems, orders, savedCards } from '../../db/schema.ts';

/** Every query of checkout and order completion (decision 0022), bar payment attempts' own. */

export type CartRow = typeof carts.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The customer's basket not yet completed. */
export async function openCartOf(db: Executor, customerId: number): Promise<CartRow | undefined> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), ne(carts.status, 'completed')));
  return cart;
}

/** The order the customer's most recently completed basket became. */
export async function lastCompletedOrder(db: Executor, customerId: number) {
  const [done] = await db
    .select({ orderId: carts.completeOrderId, reference: orders.reference })
    .from(carts)
    .innerJoin(orders, eq(orders.id, carts.completeOrderId))
    .where(and(eq(carts.customerId, customerId), eq(carts.status, 'completed')))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return done;
}

export async function findOrder(db: Executor, orderId: number, customerId?: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, orderId), customerId === undefined ? undefined : eq(orders.customerId, customerId)),
    );
  return order;
}

export async function orderLines(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** A new order with the next `LD-` reference. */
export async function insertOrder(
  db: Executor,
  values: Omit<typeof orders.$inferInsert, 'reference' | 'completedAt'>,
): Promise<{ id: number; reference: string }> {
  const [order] = await db
    .insert(orders)
    .values({
      ...values,
      reference: sql`'LD-' || nextval('order_reference_seq')::text`,
      completedAt: sql`now()`,
    })
    .returning({ id: orders.id, reference: orders.reference });
  return order!;
}

/**
 * An order taken at the front desk: the staff member who took it and the change handed over; a
 * card taken at the desk also changes its source (decision 0058).
 */
export async function stampDeskOrder(
  db: Executor,
  orderId: number,
  desk: { staffUserId: number; changePence?: number; source?: 'front-of-house' },
) {
  await db
    .update(orders)
    .set({
      takenByStaffUserId: desk.staffUserId,
      ...(desk.changePence === undefined ? {} : { changePence: desk.changePence }),
      ...(desk.source ? { source: desk.source } : {}),
    })
    .where(eq(orders.id, orderId));
}

/** Voids the order only if nobody has: two concurrent voids, one answers true. */
export async function markOrderVoided(
  db: Executor,
  orderId: number,
  values: { staffUserId: number; reason: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    // 'refunded': the customer's Payments page shows the money went back.
    .set({
      status: 'refunded',
      voidedAt: values.at,
      voidedByStaffUserId: values.staffUserId,
      voidReason: values.reason,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.voidedAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function insertOrderItems(db: Executor, rows: (typeof orderItems.$inferInsert)[]) {
  await db.insert(orderItems).values(rows);
}

/** Whole numbers as one PostgreSQL array parameter (`= ANY(...)`), so an empty list needs no special case. */
/** Keeps a card the customer chose to save (its reference and receipt details only); once. */
export async function saveCard(db: Executor, values: typeof savedCards.$inferInsert) {
  await db.insert(savedCards).values(values).onConflictDoNothing();
}

/** The customer's cards saved with a provider, newest first. */
export async function savedCardsOf(
  db: Executor,
  customerId: number,
  provider: string,
): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

/** One of the customer's saved cards (never anyone else's). */
export async function savedCardOf(db: Executor, cardId: number, customerId: number) {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId)));
  return card;
}
