import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
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

/** A basket locked for the caller's transaction: by its id, or the customer's open one. */
export async function lockCart(
  db: Executor,
  by: { cartId: number } | { openOf: number },
): Promise<CartRow | undefined> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(
      'cartId' in by
        ? eq(carts.id, by.cartId)
        : and(eq(carts.customerId, by.openOf), ne(carts.status, 'completed')),
    )
    .for('update');
  return cart;
}

export async function markCartCompleted(db: Executor, cartId: number, orderId: number) {
  await db
    .update(carts)
    .set({ status: 'completed', completeOrderId: orderId, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
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
