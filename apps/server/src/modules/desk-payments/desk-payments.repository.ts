import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { customers, deskPayments, orders, orderTenders, staffUsers, vouchers } from '../../db/schema.ts';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { SettledTender } from './desk-tenders.ts';

/** Every query of payments taken at the front desk (decision 0056). */

export async function customerById(db: Executor, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export type DeskClaim = typeof deskPayments.$inferSelect;

/**
 * Claims the desk transaction's UUID in the order's transaction: a concurrent claim of the same
 * UUID waits for this one's commit and then finds it. Answers undefined when this call claimed
 * it, else the earlier claim (with its order).
 */
export async function claimDeskPayment(
  db: Executor,
  claim: { transactionUuid: string; customerId: number; staffUserId: number; tenders: OfflinePayment[] },
): Promise<DeskClaim | undefined> {
  const claimed = await db
    .insert(deskPayments)
    .values(claim)
    .onConflictDoNothing()
    .returning({ uuid: deskPayments.transactionUuid });
  if (claimed.length > 0) return undefined;
  const [earlier] = await db
    .select()
    .from(deskPayments)
    .where(eq(deskPayments.transactionUuid, claim.transactionUuid));
  return earlier;
}

/** The desk's facts of a new order: its tenders, and its claim's order. */
export async function recordDeskOrder(
  db: Executor,
  order: { id: number; transactionUuid: string; staffUserId: number },
  tenders: (SettledTender & { voucherId?: number | null })[],
) {
  if (tenders.length > 0)
    await db.insert(orderTenders).values(
      tenders.map((tender) => ({
        orderId: order.id,
        tenderType: tender.tenderType,
        amountPence: tender.paidPence,
        tenderedPence: tender.amount,
        staffUserId: order.staffUserId,
        voucherCode: tender.voucherCode ?? null,
        voucherId: tender.voucherId ?? null,
      })),
    );
  await db
    .update(deskPayments)
    .set({ orderId: order.id })
    .where(eq(deskPayments.transactionUuid, order.transactionUuid));
}

/** A card order taken at the desk (decision 0058): the account credit it spent is its credit tender. */
export async function recordDeskCardCredit(
  db: Executor,
  order: { id: number; staffUserId: number; creditPence: number },
) {
  if (order.creditPence > 0)
    await db.insert(orderTenders).values({
      orderId: order.id,
      tenderType: 'credit',
      amountPence: order.creditPence,
      tenderedPence: order.creditPence,
      staffUserId: order.staffUserId,
    });
}

export async function tendersOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderTenders)
    .where(inArray(orderTenders.orderId, orderIds))
    .orderBy(asc(orderTenders.id));
}

/** The operator's calendar day an instant falls on, in SQL. */
const dayOf = (column: typeof orders.completedAt, timeZone: string) =>
  sql`(${column} AT TIME ZONE ${timeZone})::date`;

const takenBy = alias(staffUsers, 'taken_by');
const voidedBy = alias(staffUsers, 'voided_by');

/** The orders taken at the desk on a day of the operator's calendar, in the order they were taken. */
export async function deskOrdersOn(db: Executor, date: string, timeZone: string) {
  return db
    .select({
      order: orders,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        reference: customers.reference,
      },
      staff: { id: takenBy.id, name: takenBy.displayName },
      voidedBy: { id: voidedBy.id, name: voidedBy.displayName },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(takenBy, eq(takenBy.id, orders.takenByStaffUserId))
    .leftJoin(voidedBy, eq(voidedBy.id, orders.voidedByStaffUserId))
    .where(and(isNotNull(orders.takenByStaffUserId), sql`${dayOf(orders.completedAt, timeZone)} = ${date}`))
    .orderBy(asc(orders.completedAt), asc(orders.id));
}

/** A desk order for its void (locked, in the void's transaction), with the operator's day it was taken on. */
export async function deskOrderForVoid(
  db: Executor,
  orderId: number,
  timeZone: string,
  options: { lock: boolean },
) {
  const query = db
    .select({ order: orders, day: sql<string>`${dayOf(orders.completedAt, timeZone)}::text` })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.takenByStaffUserId)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** What a void handed back of a tender (all of it, or what refunds left; a part in cash). */
export async function markTenderHandedBack(
  db: Executor,
  tenderId: number,
  handedBack: { pence: number; inCash: boolean },
) {
  await db
    .update(orderTenders)
    .set({ handedBackPence: handedBack.pence, handedBackInCash: handedBack.inCash })
    .where(eq(orderTenders.id, tenderId));
}

// ---- Vouchers (migration 0050, decision 0072) ----

/**
 * Serialises every use of one voucher code across instances until the transaction ends: a second
 * desk using the same voucher waits, then finds it spent.
 */
export async function lockVoucherCode(db: Executor, code: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`voucher:${code}`}))`);
}

export async function voucherByCode(db: Executor, code: string) {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

/** Takes an amount off a Lido voucher's balance, only if it has that much left. */
export async function spendVoucher(db: Executor, id: number, pence: number): Promise<boolean> {
  const rows = await db
    .update(vouchers)
    .set({ balancePence: sql`${vouchers.balancePence} - ${pence}` })
    .where(and(eq(vouchers.id, id), sql`${vouchers.balancePence} >= ${pence}`))
    .returning({ id: vouchers.id });
  return rows.length > 0;
}

/** A void gives a Lido voucher back what the order took from it. */
export async function restoreVoucher(db: Executor, id: number, pence: number) {
  await db
    .update(vouchers)
    .set({ balancePence: sql`least(${vouchers.balancePence} + ${pence}, ${vouchers.valuePence})` })
    .where(eq(vouchers.id, id));
}

/** Whether another's (not Lido's) voucher with this code has paid for an order and not been handed back. */
export async function otherVoucherSpent(db: Executor, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderTenders.id })
    .from(orderTenders)
    .where(
      and(
        eq(orderTenders.voucherCode, code),
        isNull(orderTenders.voucherId),
        sql`(${orderTenders.handedBackPence} = 0 OR ${orderTenders.handedBackInCash})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertVouchers(
  db: Executor,
  rows: {
    code: string;
    valuePence: number;
    expiresOn: string | null;
    issuedBy: string;
    note: string | null;
  }[],
) {
  return db
    .insert(vouchers)
    .values(rows.map((row) => ({ ...row, balancePence: row.valuePence })))
    .returning();
}
