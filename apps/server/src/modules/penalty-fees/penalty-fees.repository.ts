import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The penalty-fees module's SQL (issue 35 item 6, decision 0101). It writes only its own tables,
 * `account_penalty_fees` and `cart_penalty_fee_lines`; bookings, venues and customers are read.
 */

async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const idList = (ids: number[]) => `{${ids.join(',')}}`;

export type FeeKind = 'no-show' | 'late-cancel';

/**
 * Gives a booking its fee, once: the unique key makes a second (or concurrent) give a no-op. A
 * fee waived only because the booking was then marked attended is owed again; one a manager
 * waived, or one paid, stays so. Answers whether this call gave it.
 */
export async function giveFee(
  ex: Executor,
  fee: { customerId: number; bookingId: number; kind: FeeKind; amountPence: number; at: Date },
): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO account_penalty_fees (customer_id, booking_id, kind, amount_pence, given_at)
        VALUES (${fee.customerId}, ${fee.bookingId}, ${fee.kind}, ${fee.amountPence}, ${fee.at.toISOString()})
        ON CONFLICT ON CONSTRAINT account_penalty_fees_one_per_booking DO NOTHING RETURNING id`,
  );
  if (inserted.length > 0) return true;
  const restored = await rows<{ id: number }>(
    ex,
    sql`UPDATE account_penalty_fees SET waived_at = NULL, waived_reason = NULL, given_at = ${fee.at.toISOString()}
        WHERE booking_id = ${fee.bookingId} AND waived_at IS NOT NULL AND waived_by IS NULL
        RETURNING id`,
  );
  return restored.length > 0;
}

/** Waives the unpaid no-show fees of bookings marked attended after all (no one waived them: NULL). */
export async function waiveNoShowFees(ex: Executor, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await ex.execute(
    sql`UPDATE account_penalty_fees SET waived_at = now(), waived_reason = 'Marked attended'
        WHERE booking_id = ANY(${idList(bookingIds)}::int[]) AND kind = 'no-show'
          AND waived_at IS NULL AND paid_at IS NULL`,
  );
}

/**
 * Marks the paid no-show fees of bookings marked attended after all as given back, once however
 * often (or at once) it is asked: answers those this call gave back, for their credit.
 */
export async function giveBackPaidNoShowFees(
  ex: Executor,
  bookingIds: number[],
): Promise<{ customer_id: number; amount_pence: number }[]> {
  if (bookingIds.length === 0) return [];
  return rows(
    ex,
    sql`UPDATE account_penalty_fees SET given_back_at = now()
        WHERE booking_id = ANY(${idList(bookingIds)}::int[]) AND kind = 'no-show'
          AND paid_at IS NOT NULL AND given_back_at IS NULL
        RETURNING customer_id, amount_pence`,
  );
}

export interface FeeRow {
  id: number;
  customer_id: number;
  booking_id: number;
  kind: FeeKind;
  amount_pence: number;
  given_at: Date;
  paid: boolean;
  given_back: boolean;
  waived: boolean;
  waived_reason: string | null;
  activity_name: string;
  starts_at: Date;
  venue_id: number;
  venue_name: string;
  centre_slug: string;
}

const feeColumns = sql`f.id, f.customer_id, f.booking_id, f.kind, f.amount_pence, f.given_at,
  f.paid_at IS NOT NULL AS paid, f.given_back_at IS NOT NULL AS given_back,
  f.waived_at IS NOT NULL AS waived, f.waived_reason,
  b.activity_name, b.starts_at, v.id AS venue_id, v.name AS venue_name, v.slug AS centre_slug`;
const feeJoins = sql`FROM account_penalty_fees f JOIN customer_bookings b ON b.id = f.booking_id
  JOIN venues v ON v.id = b.venue_id`;

function fromRow<Row extends FeeRow>(row: Row): Row {
  return { ...row, given_at: asDate(row.given_at), starts_at: asDate(row.starts_at) };
}

/** A customer's fees, newest first; only those still owed when `owed`. */
export async function feesOf(ex: Executor, customerId: number, options: { owed?: boolean } = {}) {
  const found = await rows<FeeRow>(
    ex,
    sql`SELECT ${feeColumns} ${feeJoins}
        WHERE f.customer_id = ${customerId}
          AND (${options.owed === true} = false OR (f.paid_at IS NULL AND f.waived_at IS NULL))
        ORDER BY f.given_at DESC, f.id DESC`,
  );
  return found.map(fromRow);
}

export async function customerExists(ex: Executor, customerId: number): Promise<boolean> {
  return (await rows(ex, sql`SELECT 1 FROM customers WHERE id = ${customerId}`)).length > 0;
}

export async function feeOf(ex: Executor, feeId: number) {
  const [row] = await rows<FeeRow>(ex, sql`SELECT ${feeColumns} ${feeJoins} WHERE f.id = ${feeId}`);
  return row && fromRow(row);
}

/** A manager waives a fee still owed, with a reason; answers it, or none (paid or waived already). */
export async function waiveFee(ex: Executor, input: { feeId: number; staffUserId: number; reason: string }) {
  const [row] = await rows<{ id: number; customer_id: number; booking_id: number; amount_pence: number }>(
    ex,
    sql`UPDATE account_penalty_fees SET waived_at = now(), waived_by = ${input.staffUserId},
          waived_reason = ${input.reason}
        WHERE id = ${input.feeId} AND waived_at IS NULL AND paid_at IS NULL
        RETURNING id, customer_id, booking_id, amount_pence`,
  );
  return row;
}

/** Puts each fee the customer still owes in the basket, once (a fee already there stays as it is). */
export async function addOwedFeesToBasket(ex: Executor, cartId: number, customerId: number) {
  await ex.execute(
    sql`INSERT INTO cart_penalty_fee_lines (cart_id, fee_id)
        SELECT ${cartId}, f.id FROM account_penalty_fees f
        WHERE f.customer_id = ${customerId} AND f.paid_at IS NULL AND f.waived_at IS NULL
        ON CONFLICT ON CONSTRAINT cart_penalty_fee_lines_once DO NOTHING`,
  );
}

export interface FeeLineRow extends FeeRow {
  line_id: number;
  created_at: Date;
}

/**
 * The basket's fee lines whose fee is still owed (a fee paid or waived since is not shown or
 * charged), oldest first; locked with their fees inside completion.
 */
export async function feeLinesOf(ex: Executor, cartId: number, options: { lock?: boolean } = {}) {
  const found = await rows<FeeLineRow>(
    ex,
    sql`SELECT l.id AS line_id, l.created_at, ${feeColumns}
        FROM cart_penalty_fee_lines l JOIN account_penalty_fees f ON f.id = l.fee_id
        JOIN customer_bookings b ON b.id = f.booking_id JOIN venues v ON v.id = b.venue_id
        WHERE l.cart_id = ${cartId} AND f.paid_at IS NULL AND f.waived_at IS NULL
        ORDER BY l.id
        ${options.lock ? sql`FOR UPDATE OF l, f` : sql``}`,
  );
  return found.map((row) => ({ ...fromRow(row), created_at: asDate(row.created_at) }));
}

/** Removes fee lines from a basket; answers the line ids removed. */
export async function deleteFeeLines(ex: Executor, cartId: number, lineIds: number[]): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const removed = await rows<{ id: number }>(
    ex,
    sql`DELETE FROM cart_penalty_fee_lines WHERE cart_id = ${cartId} AND id = ANY(${idList(lineIds)}::int[])
        RETURNING id`,
  );
  return removed.map((row) => row.id);
}

/** Marks fees paid by an order, each only if still owed; answers those it marked. */
export async function payFees(ex: Executor, feeIds: number[], orderId: number, at: Date): Promise<number[]> {
  if (feeIds.length === 0) return [];
  const paid = await rows<{ id: number }>(
    ex,
    sql`UPDATE account_penalty_fees SET paid_order_id = ${orderId}, paid_at = ${at.toISOString()}
        WHERE id = ANY(${idList(feeIds)}::int[]) AND paid_at IS NULL AND waived_at IS NULL
        RETURNING id`,
  );
  return paid.map((row) => row.id);
}

/** A basket's fee lines go once their fees are paid (and any left over for fees no longer owed). */
export async function clearFeeLines(ex: Executor, cartId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM cart_penalty_fee_lines WHERE cart_id = ${cartId}`);
}

/** Who a fee's email goes to, and the operator's words. */
export async function emailFacts(ex: Executor, bookingId: number) {
  const [row] = await rows<{
    email: string;
    first_name: string;
    activity_name: string;
    starts_at: Date | string;
    operator_name: string;
    contact_email: string;
  }>(
    ex,
    sql`SELECT c.email, c.first_name, b.activity_name, b.starts_at,
          (SELECT name FROM operators ORDER BY id LIMIT 1) AS operator_name,
          (SELECT customer_service_email FROM operators ORDER BY id LIMIT 1) AS contact_email
        FROM customer_bookings b JOIN customers c ON c.id = b.customer_id WHERE b.id = ${bookingId}`,
  );
  return row && { ...row, starts_at: asDate(row.starts_at) };
}
