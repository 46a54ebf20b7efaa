import type { DeskTenderType } from '../../db/schema.ts';

/** A tender of a desk order, as the void weighs it. */
interface HeldTender {
  id: number;
  tenderType: DeskTenderType;
  amountPence: number;
  voucherCode: string | null;
}

/** What a void gives back of one tender. */
export interface HandBack {
  tenderId: number;
  tenderType: DeskTenderType;
  voucherCode: string | null;
  pence: number;
  /** a part of a voucher or cheque cannot be handed back: that part goes back in cash */
  inCash: boolean;
}

/**
 * Refunds made before a void (to account credit: a desk order has no card) are taken to have given
 * back the tenders in this order: account credit first, then cash, then cheques, then vouchers, so
 * that what is left to hand back is, as far as it can be, a whole voucher or cheque (decision 0072).
 */
const refundsTakeFirst: readonly DeskTenderType[] = ['credit', 'cash', 'cheque', 'offline-voucher'];

/**
 * What a void hands back: the order's tenders less what its refunds already gave back, never more.
 * Cash and credit go back as the amount left; a voucher or cheque goes back whole when none of it
 * was refunded, else what is left of it goes back in cash.
 */
export function handBackOnVoid(tenders: readonly HeldTender[], refundedPence: number): HandBack[] {
  let toAccountFor = Math.max(0, refundedPence);
  const ordered = [...tenders].sort(
    (a, b) => refundsTakeFirst.indexOf(a.tenderType) - refundsTakeFirst.indexOf(b.tenderType) || a.id - b.id,
  );
  const handBack: HandBack[] = [];
  for (const tender of ordered) {
    const refunded = Math.min(toAccountFor, tender.amountPence);
    toAccountFor -= refunded;
    const left = tender.amountPence - refunded;
    if (left <= 0) continue;
    const whole = left === tender.amountPence;
    handBack.push({
      tenderId: tender.id,
      tenderType: tender.tenderType,
      voucherCode: tender.voucherCode,
      pence: left,
      inCash: !whole && (tender.tenderType === 'cheque' || tender.tenderType === 'offline-voucher'),
    });
  }
  // In the order the tenders were taken, as the desk reads them.
  return handBack.sort((a, b) => a.tenderId - b.tenderId);
}

export const handBackTotal = (handBack: readonly HandBack[]) =>
  handBack.reduce((sum, item) => sum + item.pence, 0);
