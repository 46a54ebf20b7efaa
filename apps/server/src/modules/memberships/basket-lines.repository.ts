import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cartItems,
  customerMemberships,
  eligibilityRules,
  membershipCategories,
  membershipTypeCategories,
  membershipTypes,
  paymentOptions,
  venues,
} from '../../db/schema.ts';
import { categoryNamesByType } from './category-names.repository.ts';

/**
 * The memberships' basket lines (joining, changes, renewals, and failed collections paid by card)
 * as their line kinds read them, and the rows an order makes of them (decision 0077).
 */

export type BasketMembershipLine = typeof cartItems.$inferSelect;

/** A basket's membership lines (or its failed collections), oldest first, with what the basket shows. */
export async function basketMembershipLines(
  db: Executor,
  cartId: number,
  which: 'memberships' | 'outstanding-balances',
) {
  const rows = await db
    .select({ item: cartItems, typeName: membershipTypes.name, venueName: venues.name })
    .from(cartItems)
    .innerJoin(membershipTypes, eq(membershipTypes.id, cartItems.membershipTypeId))
    .innerJoin(venues, eq(venues.id, cartItems.venueId))
    .where(
      and(
        eq(cartItems.cartId, cartId),
        which === 'outstanding-balances'
          ? eq(cartItems.itemType, 'outstanding_balance')
          : ne(cartItems.itemType, 'outstanding_balance'),
      ),
    )
    .orderBy(asc(cartItems.id));
  const categories =
    which === 'memberships'
      ? await categoryNamesByType(
          db,
          rows.map((row) => row.item.membershipTypeId),
        )
      : new Map<number, string[]>();
  return rows.map((row) => ({ ...row, categories: categories.get(row.item.membershipTypeId) ?? [] }));
}
export type BasketMembershipRow = Awaited<ReturnType<typeof basketMembershipLines>>[number];

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
