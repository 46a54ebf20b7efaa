import type { Executor, Tx } from '../../db/client.ts';
import type { OrderRefundKind } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import {
  insertOrderRefund,
  lockOrderAndRefunds,
  ordersRefundedBeyondPaid,
  refundedOfOrder,
} from './order-refunds.repository.ts';

/**
 * The refund ledger (issue 40 item 1, decision 0072): what every order has given back, whoever gave
 * it (a cancelled booking, a cooling-off cancellation, a void; a centre's cancellation next). A
 * refund path holds the order first, before the rows it changes, and records its refund in the same
 * transaction: so an order never gives back more than it was paid, whichever path came first.
 */

const alreadyRefundedMessage =
  'This has already been refunded: the order has given back what was paid for it.';

/**
 * The card payment that paid for an order, as a refund to the card needs it (checkout's payment
 * attempts: passed in by the composition root, so refund paths do not import checkout).
 */
export type CardPaymentOfOrder = (
  db: Executor,
  orderId: number,
) => Promise<{ providerTxId: string | null; vendorTxCode: string } | undefined>;

export interface HeldOrder {
  id: number;
  totalPence: number;
  /** given back so far, by every path */
  refundedPence: number;
  /** what the order still holds: its total less what it has given back */
  heldPence: number;
}

/** Locks the order for a refund (first, before the booking or membership it refunds). */
export async function holdOrderForRefund(tx: Executor, orderId: number): Promise<HeldOrder | undefined> {
  const row = await lockOrderAndRefunds(tx, orderId);
  if (!row) return undefined;
  return { ...row, heldPence: Math.max(0, row.totalPence - row.refundedPence) };
}

/**
 * Records a refund of a held order; refuses (409, nothing written) one that would give back more
 * than the order still holds, or a subject refunded before.
 */
export async function recordOrderRefund(
  tx: Tx,
  held: HeldOrder,
  refund: { kind: OrderRefundKind; subjectId: number; amountPence: number; at: Date },
): Promise<void> {
  if (refund.amountPence > held.heldPence) throw new HttpError(409, alreadyRefundedMessage);
  if (!(await insertOrderRefund(tx, { orderId: held.id, ...refund })))
    throw new HttpError(409, alreadyRefundedMessage);
  held.refundedPence += refund.amountPence;
  held.heldPence -= refund.amountPence;
}

/** What an order has given back so far (no lock: for what a screen shows before confirming). */
export const refundedSoFar = (db: Executor, orderId: number) => refundedOfOrder(db, orderId);

/** Orders that gave back more than they were paid, for checks after a fuzz or a race: always none. */
export const ordersOverRefunded = (db: Executor) => ordersRefundedBeyondPaid(db);

export { type RefundSplit, refundSplit, refundText } from './refund-split.ts';
