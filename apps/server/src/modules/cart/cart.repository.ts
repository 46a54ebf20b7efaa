import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categoryNamesByType } from '../memberships/index.ts';
import { cartItems, carts, membershipTypes, venues } from '../../db/schema.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItem = Omit<typeof cartItems.$inferInsert, 'id' | 'cartId' | 'createdAt'>;

/** The SQL of baskets. A customer has at most one basket that is not yet completed. */
export function createCartRepository(db: Db) {
  const notCompleted = (customerId: number) =>
    and(eq(carts.customerId, customerId), ne(carts.status, 'completed'));

  return {
    async currentCart(customerId: number): Promise<CartRow | undefined> {
      const [row] = await db.select().from(carts).where(notCompleted(customerId));
      return row;
    },

    /**
     * The order of this customer's most recently completed basket, if it was completed within the
     * last `withinSeconds` (its completion stamps `updated_at`, by the database's clock).
     */
    async recentlyCompletedOrderId(customerId: number, withinSeconds: number): Promise<number | null> {
      const [row] = await db
        .select({ orderId: carts.completeOrderId })
        .from(carts)
        .where(
          and(
            eq(carts.customerId, customerId),
            eq(carts.status, 'completed'),
            gt(carts.updatedAt, sql`now() - make_interval(secs => ${withinSeconds})`),
          ),
        )
        .orderBy(desc(carts.updatedAt))
        .limit(1);
      return row?.orderId ?? null;
    },

    /** A basket of this customer's by id, whatever its state; another customer's finds nothing. */
    async cartOf(customerId: number, cartId: number): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.id, cartId), eq(carts.customerId, customerId)));
      return row;
    },

    /** Lines with what the basket shows of them, oldest first (their `sortBy`). */
    async itemsOf(cartId: number) {
      const rows = await db
        .select({ item: cartItems, typeName: membershipTypes.name, venueName: venues.name })
        .from(cartItems)
        .innerJoin(membershipTypes, eq(membershipTypes.id, cartItems.membershipTypeId))
        .innerJoin(venues, eq(venues.id, cartItems.venueId))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.id));
      const categories = await categoryNamesByType(
        db,
        rows.map((row) => row.item.membershipTypeId),
      );
      return rows.map((row) => ({ ...row, categories: categories.get(row.item.membershipTypeId) ?? [] }));
    },

    /**
     * Runs a change to the customer's basket inside one transaction holding the basket's row lock,
     * so concurrent adds and removes apply one after another (quality.md R8). Creates the basket
     * when `create` is set and there is none.
     */
    async withLockedCart<T>(
      customerId: number,
      create: boolean,
      change: (tx: Tx, cart: CartRow | undefined) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const lock = () => tx.select().from(carts).where(notCompleted(customerId)).for('update');
        let [cart] = await lock();
        if (!cart && create) {
          await tx.execute(
            sql`INSERT INTO carts (customer_id) VALUES (${customerId})
                ON CONFLICT (customer_id) WHERE status <> 'completed' DO NOTHING`,
          );
          [cart] = await lock();
        }
        return change(tx, cart);
      });
    },

    /**
     * `withLockedCart` for a change that always marks the basket changed (adding bookings): the
     * lock and the touch are one UPDATE, a row lock as strong against other changers, so a rush's
     * add pays one round trip for both. Creates the basket when there is none.
     */
    async withTouchedCart<T>(
      customerId: number,
      change: (tx: Tx, cart: CartRow | undefined) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const lockAndTouch = () =>
          tx
            .update(carts)
            .set({ updatedAt: sql`now()` })
            .where(notCompleted(customerId))
            .returning();
        let [cart] = await lockAndTouch();
        if (!cart) {
          await tx.execute(
            sql`INSERT INTO carts (customer_id) VALUES (${customerId})
                ON CONFLICT (customer_id) WHERE status <> 'completed' DO NOTHING`,
          );
          [cart] = await lockAndTouch();
        }
        return change(tx, cart);
      });
    },

    async insertItem(tx: Tx, cartId: number, item: NewCartItem): Promise<void> {
      await tx.insert(cartItems).values({ ...item, cartId });
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    },

    async updateItem(tx: Tx, cartId: number, itemId: number, item: Partial<NewCartItem>): Promise<void> {
      await tx
        .update(cartItems)
        .set(item)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    },

    async itemRows(tx: Tx, cartId: number): Promise<CartItemRow[]> {
      return tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    },

    async deleteItems(tx: Tx, cartId: number, itemIds: number[]): Promise<void> {
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)));
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    },

    /** Marks the basket changed (a booking line was added or changed beside it). */
    async touch(tx: Tx, cartId: number): Promise<void> {
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    },

    async deleteCart(tx: Tx, cartId: number): Promise<void> {
      await tx.delete(carts).where(eq(carts.id, cartId));
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
