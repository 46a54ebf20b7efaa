import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkIns, customerMemberships, customers, membershipCards, venues } from '../../db/schema.ts';

/**
 * The check-in module's tables (migration 0066, decision 0097): membership cards and check-ins.
 * Customers and venues are only read here, to say whose card it is.
 */

/** The customer as the card and the desk show them, with their home centre's name. */
const customerAtTheDoor = {
  id: customers.id,
  operatorId: customers.operatorId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  reference: customers.reference,
  homeCentre: sql<string | null>`COALESCE(
    (SELECT v.name FROM ${venues} v WHERE v.id = customers.home_venue_id),
    (SELECT v.name FROM ${customerMemberships} m JOIN ${venues} v ON v.id = m.home_venue_id
      WHERE m.customer_id = customers.id AND m.status IN ('active', 'ended', 'cancelled')
      ORDER BY m.start_date DESC, m.id DESC LIMIT 1))`,
};
export type CustomerAtTheDoor = { id: number; operatorId: number } & {
  firstName: string;
  lastName: string;
  reference: string;
  homeCentre: string | null;
};

export async function customerById(db: Executor, customerId: number): Promise<CustomerAtTheDoor | undefined> {
  const [found] = await db.select(customerAtTheDoor).from(customers).where(eq(customers.id, customerId));
  return found;
}

export async function customerByReference(
  db: Executor,
  operatorId: number,
  reference: string,
): Promise<CustomerAtTheDoor | undefined> {
  const [found] = await db
    .select(customerAtTheDoor)
    .from(customers)
    .where(and(eq(customers.operatorId, operatorId), eq(customers.reference, reference)));
  return found;
}

/** The customer whose card carries this code now: a replaced card's code finds no one. */
export async function customerByCardCode(
  db: Executor,
  operatorId: number,
  code: string,
): Promise<CustomerAtTheDoor | undefined> {
  const [found] = await db
    .select(customerAtTheDoor)
    .from(membershipCards)
    .innerJoin(customers, eq(customers.id, membershipCards.customerId))
    .where(and(eq(membershipCards.code, code), eq(customers.operatorId, operatorId)));
  return found;
}

/** The customer's card, made on first asking; two first asks at once share one card. */
export async function cardOf(db: Executor, customerId: number, newCode: string, now: Date) {
  await db.insert(membershipCards).values({ customerId, code: newCode, issuedAt: now }).onConflictDoNothing();
  const [card] = await db.select().from(membershipCards).where(eq(membershipCards.customerId, customerId));
  return card!;
}

/** A new code over the old one, in one statement: the old code is refused from now on, everywhere. */
export async function replaceCard(db: Executor, customerId: number, newCode: string, now: Date) {
  const [card] = await db
    .insert(membershipCards)
    .values({ customerId, code: newCode, issuedAt: now })
    .onConflictDoUpdate({
      target: membershipCards.customerId,
      set: {
        code: newCode,
        issuedAt: now,
        replacedCount: sql`${membershipCards.replacedCount} + 1`,
      },
    })
    .returning();
  return card!;
}

export type CheckInRow = typeof checkIns.$inferSelect;

/** Records a check-in once per scan: the same scan again returns undefined (see `checkInOfScan`). */
export async function insertCheckIn(
  db: Executor,
  values: Omit<typeof checkIns.$inferInsert, 'id' | 'checkedInAt'>,
): Promise<CheckInRow | undefined> {
  const [row] = await db
    .insert(checkIns)
    .values(values)
    .onConflictDoNothing({ target: checkIns.scanId })
    .returning();
  return row;
}

export async function checkInOfScan(db: Executor, scanId: string): Promise<CheckInRow | undefined> {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.scanId, scanId));
  return row;
}

/** Bookings this customer's check-ins since `since` marked attended (before the registers' own store). */
export async function bookingsAttendedSince(
  db: Executor,
  customerId: number,
  since: Date,
): Promise<number[]> {
  const rows = await db
    .select({ ids: checkIns.bookingsAttended })
    .from(checkIns)
    .where(and(eq(checkIns.customerId, customerId), gte(checkIns.checkedInAt, since)))
    .orderBy(desc(checkIns.id));
  return rows.flatMap((row) => row.ids);
}

/** Which of these bookings a register (or a check-in) marked attended: the registers module's record. */
export async function attendedOnRegisters(db: Executor, bookingIds: number[]): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const result = (await db.execute(
    sql`SELECT booking_id FROM booking_attendance
        WHERE status = 'attended' AND booking_id = ANY(${`{${bookingIds.join(',')}}`}::int[])`,
  )) as unknown as { rows: { booking_id: number }[] };
  return result.rows.map((row) => row.booking_id);
}
