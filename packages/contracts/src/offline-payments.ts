/**
 * Offline payments (platform spec §3 "Offline payment" and §4 "Cart"): what pays for a basket
 * besides a card. Online, only account credit can be one; cash, vouchers and cheques are taken at
 * the front desk. These rules are shared by the checkout page and the server.
 */
export type TenderType = 'cash' | 'offline-voucher' | 'cheque' | 'credit';

/** How the desk and a receipt name each tender. */
export const tenderTypeLabels = {
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
  credit: 'Account credit',
} as const satisfies Record<TenderType, string>;

export interface OfflinePayment {
  tenderType: TenderType;
  amount: number;
  /** a voucher's code, upper-cased without spaces (the desk's vouchers; decision 0072) */
  voucherCode?: string;
}

/** What is wrong with a voucher's code as typed (decision 0072); the desk and the server say the same. */
export const voucherCodeMessages = {
  missing: 'Enter the voucher’s code: at least 4 letters or numbers.',
  tooLong: 'A voucher’s code is at most 40 characters.',
  badCharacters: 'A voucher’s code has only letters, numbers and hyphens.',
} as const;

/** A voucher's code as it is kept: spaces dropped, letters upper-cased ("bw 1234" is "BW1234"). */
export const normalVoucherCode = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** Why a normalised code can't be a voucher's, or null when it can. */
export function voucherCodeProblem(code: string): string | null {
  if (code.length < 4) return voucherCodeMessages.missing;
  if (code.length > 40) return voucherCodeMessages.tooLong;
  if (!/^[A-Z0-9-]+$/.test(code)) return voucherCodeMessages.badCharacters;
  return null;
}

/** Tenders that replace an earlier entry of the same type rather than adding another. */
const replacing: readonly TenderType[] = ['cash', 'credit'];

/** Adds an entry: a cash or credit entry replaces the earlier one; an amount of 0 or less removes it. */
export function applyOfflinePayment(payments: OfflinePayment[], entry: OfflinePayment): OfflinePayment[] {
  const kept = replacing.includes(entry.tenderType)
    ? payments.filter((payment) => payment.tenderType !== entry.tenderType)
    : payments;
  return entry.amount > 0 ? [...kept, entry] : kept;
}

/** After a cart change, the payments the server holds replace the credit entries. */
export function syncServerPayments(payments: OfflinePayment[], server: OfflinePayment[]): OfflinePayment[] {
  return server.reduce(
    applyOfflinePayment,
    payments.filter((payment) => payment.tenderType !== 'credit'),
  );
}

/** Removing items from the basket keeps only credit-type payments. */
export function keepCreditPayments(payments: OfflinePayment[]): OfflinePayment[] {
  return payments.filter((payment) => payment.tenderType === 'credit');
}

export function creditAmount(payments: readonly OfflinePayment[]): number {
  return payments
    .filter((payment) => payment.tenderType === 'credit')
    .reduce((sum, payment) => sum + payment.amount, 0);
}

export const creditMessages = {
  onlyCredit: 'Only account credit can be used to pay online.',
  notEnough: 'You do not have enough account credit for this payment.',
  moreThanTotal: 'Account credit cannot be more than the total to pay.',
} as const;

/**
 * The credit a checkout asks to spend, checked against the customer's balance and the total; an
 * error names what is wrong. Entries are folded with the replace and remove rules first.
 */
export function creditToSpend(
  payments: readonly OfflinePayment[] | undefined,
  limits: { balance: number; total: number },
): { credit: number } | { error: string } {
  const folded = (payments ?? []).reduce(applyOfflinePayment, [] as OfflinePayment[]);
  if (folded.some((payment) => payment.tenderType !== 'credit')) return { error: creditMessages.onlyCredit };
  const credit = creditAmount(folded);
  if (credit > limits.balance) return { error: creditMessages.notEnough };
  if (credit > limits.total) return { error: creditMessages.moreThanTotal };
  return { credit };
}
