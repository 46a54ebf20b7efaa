import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cartItems,
  carts,
  customerMemberships,
  customers,
  eligibilityRules,
  membershipCategories,
  membershipTypeCategories,
  membershipTypes,
  orderItems,
  orders,
  paymentOptions,
  savedCards,
  venues,
} from '../../db/schema.ts';

/** Every query of checkout and order completion (decision 0022), bar payment attempts' own. */

export type CartRow = typeof carts.$inferSelect;
export type CartLine = typeof cartItems.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The customer's basket not yet completed. */
export async function openCartOf(db: Executor, customerId: number): Promise<CartRow | undefined> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), ne(carts.status, 'completed')));
  return cart;
}

/** The customer's basket not yet completed with its lines in the order they were added, in one read. */
export async function openCartWithLines(
  db: Executor,
  customerId: number,
): Promise<{ cart: CartRow; lines: CartLine[] } | undefined> {
  const rows = await db
    .select({ cart: carts, line: cartItems })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(and(eq(carts.customerId, customerId), ne(carts.status, 'completed')))
    .orderBy(asc(cartItems.id));
  const first = rows[0];
  if (!first) return undefined;
  return { cart: first.cart, lines: rows.flatMap((row) => (row.line ? [row.line] : [])) };
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

/** A basket's lines in the order they were added. */
export async function cartLines(db: Executor, cartId: number): Promise<CartLine[]> {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
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

/** Spends account credit only if the balance still holds it: false when it does not. */
export async function spendCredit(db: Executor, customerId: number, pence: number): Promise<boolean> {
  const spent = await db
    .update(customers)
    .set({ creditBalancePence: sql`${customers.creditBalancePence} - ${pence}` })
    .where(and(eq(customers.id, customerId), gte(customers.creditBalancePence, pence)))
    .returning({ id: customers.id });
  return spent.length > 0;
}

/** Whole numbers as one PostgreSQL array parameter (`= ANY(...)`), so an empty list needs no special case. */
const intArray = (values: number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;

/**
 * What an order's lines are described and priced from, read in the order's transaction in one
 * statement (it is on every order's path): type and centre names, category names in catalogue
 * order, the types that wait for proof of eligibility, and the options' prices.
 */
export async function orderLineFacts(
  db: Executor,
  ids: { typeIds: number[]; venueIds: number[]; paymentOptionIds: number[] },
) {
  const types = intArray(ids.typeIds);
  const result = (await db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(t.id, t.name)), '[]'::json)
         FROM ${membershipTypes} t WHERE t.id = ANY(${types})) AS names,
      (SELECT coalesce(json_agg(json_build_array(v.id, v.name)), '[]'::json)
         FROM ${venues} v WHERE v.id = ANY(${intArray(ids.venueIds)})) AS venue_names,
      (SELECT coalesce(json_agg(json_build_array(tc.membership_type_id, c.name) ORDER BY c.id), '[]'::json)
         FROM ${membershipTypeCategories} tc JOIN ${membershipCategories} c ON c.id = tc.category_id
        WHERE tc.membership_type_id = ANY(${types})) AS categories,
      (SELECT coalesce(json_agg(t.id), '[]'::json)
         FROM ${membershipTypes} t JOIN ${eligibilityRules} r ON r.id = t.eligibility_rule_id
        WHERE t.id = ANY(${types}) AND r.kind = 'proof') AS proof_types,
      (SELECT coalesce(json_agg(json_build_array(o.id, o.price_pence)), '[]'::json)
         FROM ${paymentOptions} o WHERE o.id = ANY(${intArray(ids.paymentOptionIds)})) AS prices
  `)) as unknown as { rows: OrderLineFactRows[] };
  const row = result.rows[0]!;
  const categories = new Map<number, string[]>(ids.typeIds.map((typeId) => [typeId, []]));
  for (const [typeId, name] of row.categories) categories.get(typeId)?.push(name);
  return {
    names: new Map(row.names),
    venueNames: new Map(row.venue_names),
    categories,
    proofTypes: new Set(row.proof_types),
    prices: new Map(row.prices),
  };
}

interface OrderLineFactRows {
  names: [number, string][];
  venue_names: [number, string][];
  categories: [number, string][];
  proof_types: number[];
  prices: [number, number][];
}

/** A held membership a change replaces ends the day before the change starts. */
export async function endMembership(
  db: Executor,
  membershipId: number,
  values: Pick<typeof customerMemberships.$inferInsert, 'endDate' | 'status'>,
) {
  await db.update(customerMemberships).set(values).where(eq(customerMemberships.id, membershipId));
}

export async function insertMembership(
  db: Executor,
  values: typeof customerMemberships.$inferInsert,
): Promise<number> {
  const [membership] = await db
    .insert(customerMemberships)
    .values(values)
    .returning({ id: customerMemberships.id });
  return membership!.id;
}

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
