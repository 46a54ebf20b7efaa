import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carts } from '../../db/schema.ts';
import type { CartRow } from './cart.repository.ts';

/** The basket's part in completing an order: checkout locks it, then marks it done, here. */

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
