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
