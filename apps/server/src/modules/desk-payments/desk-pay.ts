import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CompletedOrder, CreatedOrder, OfflineSettlement } from '../checkout/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import { claimDeskPayment, type DeskClaim, recordDeskOrder } from './desk-payments.repository.ts';
import { type DeskCashLimits, type DeskSettlement, foldTenders, settleTenders } from './desk-tenders.ts';
import { spendVouchers } from './vouchers.ts';

export const transactionReused =
  'This transaction was for a different payment: the basket or the tenders have changed since. Start a new payment.';

/** The operator's desk rules (the catalogue's deskRules). */
interface DeskLimits extends DeskCashLimits {
  /** vouchers from outside Lido (paper, another scheme's) are taken, by their code, once each */
  otherVouchersAccepted: boolean;
}

/** What a repeat is checked against: checkout's reads, passed in by checkout (which calls this). */
interface DeskCheckoutReads {
  orderOf(tx: Tx, orderId: number): Promise<{ id: number; reference: string } | undefined>;
  hasOpenBasket(tx: Tx, customerId: number): Promise<boolean>;
}

/** The staff member taking the payment, as the order and the audit log record them. */
export interface DeskStaff {
  id: number;
  username: string;
}

const sameTenders = (a: OfflinePayment[], b: OfflinePayment[]) =>
  a.length === b.length &&
  a.every(
    (tender, index) =>
      tender.tenderType === b[index]!.tenderType &&
      tender.amount === b[index]!.amount &&
      (tender.voucherCode ?? null) === (b[index]!.voucherCode ?? null),
  );

/**
 * A repeat of a desk transaction answers the order the first call made, but only when it asks for
 * the same payment: the same customer, the same tenders, and no basket started since.
 */
async function repeatOf(
  tx: Tx,
  earlier: DeskClaim,
  asked: { customerId: number; tenders: OfflinePayment[] },
  checkout: DeskCheckoutReads,
) {
  const same = earlier.customerId === asked.customerId && sameTenders(earlier.tenders, asked.tenders);
  const order = earlier.orderId === null ? undefined : await checkout.orderOf(tx, earlier.orderId);
  if (!same || !order || (await checkout.hasOpenBasket(tx, asked.customerId)))
    throw new HttpError(409, transactionReused);
  return { orderId: order.id, reference: order.reference, created: false } satisfies CompletedOrder;
}

/** The 'order.pay' audit row of an order taken at the desk, by tenders or by card. */
export function auditOrderPay(
  tx: Tx,
  staff: DeskStaff,
  order: { id: number; customerId: number; totalPence: number },
  details: Record<string, unknown>,
) {
  return recordStaffAction(tx, {
    by: { staff },
    action: 'order.pay',
    customerId: order.customerId,
    orderId: order.id,
    amountPence: order.totalPence,
    details,
  });
}

/**
 * What the shared basket completion needs to be paid at the desk (decision 0056): the claim of
 * the transaction, the tender rules, and (in the order's transaction) the desk's record of the
 * order, its tenders and the 'order.pay' audit row.
 */
export function deskPayment(input: {
  transactionUuid: string;
  customerId: number;
  staff: DeskStaff;
  payments: OfflinePayment[];
  symbol: string;
  limits: DeskLimits;
  /** the operator's calendar day: a voucher past its date does not pay */
  today: string;
  checkout: DeskCheckoutReads;
}) {
  const tenders = foldTenders(input.payments);
  let settled: DeskSettlement | undefined;
  const offline: OfflineSettlement = {
    async claim(tx) {
      const earlier = await claimDeskPayment(tx, {
        transactionUuid: input.transactionUuid,
        customerId: input.customerId,
        staffUserId: input.staff.id,
        tenders,
      });
      return earlier && repeatOf(tx, earlier, { customerId: input.customerId, tenders }, input.checkout);
    },
    settle(totalPence) {
      settled = settleTenders(tenders, totalPence, input.symbol, input.limits);
      return settled;
    },
  };
  async function recordOrder(tx: Tx, order: CreatedOrder) {
    const { tenders: settledTenders, changePence } = settled!;
    const paid = await spendVouchers(tx, settledTenders, {
      symbol: input.symbol,
      today: input.today,
      otherVouchersAccepted: input.limits.otherVouchersAccepted,
    });
    await recordDeskOrder(
      tx,
      { id: order.id, transactionUuid: input.transactionUuid, staffUserId: input.staff.id },
      paid,
    );
    await auditOrderPay(tx, input.staff, order, {
      reference: order.reference,
      transactionUuid: input.transactionUuid,
      tenders: paid.map((tender) => ({
        tenderType: tender.tenderType,
        tenderedPence: tender.amount,
        paidPence: tender.paidPence,
        ...(tender.voucherCode ? { voucherCode: tender.voucherCode } : {}),
      })),
      changePence,
    });
    return { staffUserId: input.staff.id, changePence };
  }
  return { offline, recordOrder };
}
