import { tenderTypeLabels } from '@lido/contracts/front-of-house';
import {
  applyOfflinePayment,
  normalVoucherCode,
  type OfflinePayment,
  type TenderType,
  voucherCodeProblem,
} from '@lido/contracts/offline-payments';
import { formatPence } from '@lido/pricing/money';

/**
 * The tender panel's arithmetic (issue 19 item 4), kept apart from the screen so the rules are
 * tested on their own. Money is integer pence; the balance is the cart's (`totals.balance`).
 */

export const tenderOrder: readonly TenderType[] = ['cash', 'offline-voucher', 'cheque', 'credit'];

/** The amount taken, as the till reads it (the pricing package's rule). */
export { parsePounds } from '@lido/pricing/money';

export const tenderedTotal = (payments: readonly OfflinePayment[]) =>
  payments.reduce((sum, payment) => sum + payment.amount, 0);

/** What is left to pay and the change to give: only cash may go over, and the excess is change. */
export function tenderSummary(balance: number, payments: readonly OfflinePayment[]) {
  const taken = tenderedTotal(payments);
  return {
    taken,
    left: Math.max(balance - taken, 0),
    change: Math.max(taken - balance, 0),
    covered: taken >= balance,
  };
}

export interface TenderLimits {
  /** the cart's balance, in pence */
  balance: number;
  /** the customer's account credit that may pay for this basket (cart `credits.general.maxApplicable`) */
  availableCredit: number;
  symbol: string;
}

/**
 * Adds one tender with the spec's rules (a cash or credit entry replaces the earlier one, 0 or
 * less removes it). Anything but cash may pay at most what is left after the other tenders, and
 * account credit no more than the customer has.
 */
export function addTender(
  payments: OfflinePayment[],
  entry: OfflinePayment,
  limits: TenderLimits,
): { payments: OfflinePayment[] } | { error: string } {
  const next = applyOfflinePayment(payments, entry);
  if (entry.amount <= 0 || entry.tenderType === 'cash') return { payments: next };
  const others = next.filter((payment) => payment !== entry);
  const left = Math.max(limits.balance - tenderedTotal(others), 0);
  const money = (pence: number) => formatPence(pence, limits.symbol);
  if (entry.tenderType === 'credit' && entry.amount > limits.availableCredit)
    return {
      error: `The customer has ${money(limits.availableCredit)} of account credit to use.`,
    };
  if (entry.amount > left)
    return {
      error:
        left === 0
          ? 'Nothing is left to pay.'
          : `${tenderTypeLabels[entry.tenderType]} can pay at most ${money(left)}, what is left to pay. Only cash can be more.`,
    };
  return { payments: next };
}

/** Takes out one tender (by its place in the list). */
export const removeTender = (payments: OfflinePayment[], index: number): OfflinePayment[] =>
  payments.filter((_, at) => at !== index);

export const voucherTwice = 'This voucher is already entered: each voucher can pay once.';

/** The code as the server keeps it (the contract's own rule), or why it can't be used. */
export function voucherCodeOf(
  text: string,
  payments: readonly OfflinePayment[],
): { code: string } | { error: string } {
  const code = normalVoucherCode(text);
  const problem = voucherCodeProblem(code);
  if (problem) return { error: problem };
  if (payments.some((payment) => payment.voucherCode === code)) return { error: voucherTwice };
  return { code };
}

/** "Cash", "Voucher GIFT-7KQ2-…", as the list of payments taken names a tender. */
export const tenderName = (payment: OfflinePayment) =>
  payment.voucherCode
    ? `${tenderTypeLabels[payment.tenderType]} ${payment.voucherCode}`
    : tenderTypeLabels[payment.tenderType];
