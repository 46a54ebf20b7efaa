import { applyOfflinePayment, type OfflinePayment } from '@lido/contracts/offline-payments';
import { formatPence } from '@lido/pricing/money';
import { HttpError } from '../../http/errors.ts';

/** A tender as the desk took it: what it pays of the order and what was handed over. */
export interface SettledTender extends OfflinePayment {
  /** its share of the total: for cash, what was handed over less the change */
  paidPence: number;
}

export interface DeskSettlement {
  tenders: SettledTender[];
  changePence: number;
  creditPence: number;
}

/** The tenders as entered, folded with the spec's rules: cash and credit replace, 0 or less removes. */
export const foldTenders = (payments: readonly OfflinePayment[]): OfflinePayment[] =>
  payments.reduce(applyOfflinePayment, [] as OfflinePayment[]);

export const nonCashOverMessage =
  'Vouchers, cheques and account credit cannot be more than the total to pay: only cash can be more, and the change is given from cash.';

const refuse = (message: string) => new HttpError(422, message, { errors: { payments: [message] } });

export const voucherCodeNeeded = 'Enter the code of each voucher, so that a voucher can be used only once.';
export const voucherTwice = 'The same voucher is entered twice: each voucher can pay once.';

/** The operator's limits on cash at the desk (the catalogue's deskRules, decision 0072). */
export interface DeskCashLimits {
  maxCashTenderedPence: number;
  maxChangePence: number;
}

/**
 * Decision 0056: the tenders must pay the basket's total exactly, except cash, which may be more
 * than what is left after the other tenders (the excess is the change, only ever from cash).
 * Decision 0072: every voucher names its code, once; cash and change stay within the operator's
 * limits, so a slip of the keyboard never records thousands of pounds of change.
 */
export function settleTenders(
  folded: readonly OfflinePayment[],
  totalPence: number,
  symbol: string,
  limits: DeskCashLimits,
) {
  const vouchers = folded.filter((tender) => tender.tenderType === 'offline-voucher');
  if (vouchers.some((tender) => !tender.voucherCode)) throw refuse(voucherCodeNeeded);
  if (new Set(vouchers.map((tender) => tender.voucherCode)).size < vouchers.length)
    throw refuse(voucherTwice);
  const cash = folded.find((tender) => tender.tenderType === 'cash')?.amount ?? 0;
  if (cash > limits.maxCashTenderedPence)
    throw refuse(
      `Cash of more than ${formatPence(limits.maxCashTenderedPence, symbol)} cannot be taken at the desk. Check the amount handed over.`,
    );
  const others = folded.filter((tender) => tender.tenderType !== 'cash');
  const nonCash = others.reduce((sum, tender) => sum + tender.amount, 0);
  if (nonCash > totalPence) throw refuse(nonCashOverMessage);
  const left = totalPence - nonCash;
  if (cash < left) {
    const message = `${formatPence(left - cash, symbol)} is still to pay.`;
    throw refuse(message);
  }
  const changePence = cash - left;
  if (changePence > limits.maxChangePence)
    throw refuse(
      `The change would be ${formatPence(changePence, symbol)}: the desk gives at most ${formatPence(limits.maxChangePence, symbol)} in change. Check the amount handed over.`,
    );
  const tenders: SettledTender[] = folded.map((tender) => ({
    ...tender,
    paidPence: tender.tenderType === 'cash' ? left : tender.amount,
  }));
  const creditPence = others
    .filter((tender) => tender.tenderType === 'credit')
    .reduce((sum, tender) => sum + tender.amount, 0);
  return { tenders, changePence, creditPence } satisfies DeskSettlement;
}
