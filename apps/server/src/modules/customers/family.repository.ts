import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import type { CustomerRow } from '../auth/index.ts';

/**
 * Family accounts (issue 18 item 4, decision 0051): a dependant is a customer row whose
 * `account_holder_id` names the customer who pays. Every read and change here is scoped by the
 * holder, so another family's dependant is never found (quality.md S17).
 */

type DependantValues = Pick<CustomerRow, 'firstName' | 'lastName' | 'dateOfBirth'> & {
  relationship: 'child' | 'partner' | 'other';
};

// Spelled out: in a one-table select drizzle writes the column unqualified, which the subqueries
// below would read as their own tables' ids.
const customerId = sql.raw('customers.id');

/** Whether the dependant has anything still to come: an upcoming booking, a running membership or a basket line. */
const hasCommitments = (today: string) => sql`(
  EXISTS (SELECT 1 FROM customer_bookings b
          WHERE b.attendee_customer_id = ${customerId} AND b.status = 'booked' AND b.starts_at > now())
  OR EXISTS (SELECT 1 FROM customer_memberships m
             WHERE m.customer_id = ${customerId}
               AND m.status IN ('pending', 'pending_eligibility', 'active')
               AND (m.end_date IS NULL OR m.end_date >= ${today}::date))
  OR EXISTS (SELECT 1 FROM cart_booking_lines l JOIN carts c ON c.id = l.cart_id
             WHERE l.purchased_for_customer_id = ${customerId} AND c.status <> 'completed')
  OR EXISTS (SELECT 1 FROM cart_items i JOIN carts c ON c.id = i.cart_id
             WHERE i.purchased_for_customer_id = ${customerId} AND c.status <> 'completed')
)`;

const inFamily = (holderId: number, dependantId?: number) =>
  and(
    eq(customers.accountHolderId, holderId),
    isNull(customers.removedFromFamilyAt),
    dependantId === undefined ? undefined : eq(customers.id, dependantId),
  );

/** The holder's dependants, eldest first, with whether each has anything still to come. */
export async function dependantsOf(db: Executor, holderId: number, today: string) {
  return db
    .select({ dependant: customers, busy: hasCommitments(today).mapWith(Boolean) })
    .from(customers)
    .where(inFamily(holderId))
    .orderBy(asc(customers.dateOfBirth), asc(customers.id));
}

/** One of the holder's own dependants; anyone else (or a removed one) is not found. */
export async function dependantOf(
  db: Executor,
  holderId: number,
  dependantId: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(inFamily(holderId, dependantId));
  return row;
}

/** Every customer the holder may book or buy for: themself and their dependants, by id. */
export async function familyIds(db: Executor, holderId: number): Promise<Set<number>> {
  const rows = await db.select({ id: customers.id }).from(customers).where(inFamily(holderId));
  return new Set([holderId, ...rows.map((row) => row.id)]);
}

/** The names of the given customers, for labelling a holder's list with whom each line is for. */
export async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(sql`${customers.id} IN (${sql.join(ids, sql`, `)})`);
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

/**
 * A new dependant: the holder's operator, email and home centre, a reference of its own, and no
 * password that could ever match (it cannot log in: decision 0051).
 */
export async function insertDependant(db: Executor, holder: CustomerRow, values: DependantValues) {
  const [row] = await db
    .insert(customers)
    .values({
      ...values,
      operatorId: holder.operatorId,
      email: holder.email,
      passwordHash: '!no-login',
      homeVenueId: holder.homeVenueId,
      accountHolderId: holder.id,
      reference: sql`'C' || nextval('customer_reference_seq')::text`,
    })
    .returning();
  return row!;
}

export async function updateDependant(
  db: Executor,
  holderId: number,
  dependantId: number,
  values: DependantValues,
): Promise<CustomerRow | undefined> {
  const [row] = await db.update(customers).set(values).where(inFamily(holderId, dependantId)).returning();
  return row;
}

/**
 * Takes a dependant out of the family in one conditional UPDATE: only the holder's own, still in
 * the family, with nothing still to come. Answers whether it was removed.
 */
export async function removeDependant(
  db: Executor,
  holderId: number,
  dependantId: number,
  today: string,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ removedFromFamilyAt: sql`now()` })
    .where(and(inFamily(holderId, dependantId), sql`NOT ${hasCommitments(today)}`))
    .returning({ id: customers.id });
  return rows.length > 0;
}
