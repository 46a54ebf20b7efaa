import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { PaidAtDesk } from '@lido/contracts/front-of-house';

/** What the basket hands the receipt through the router: the change given and the tenders taken. */
export interface ReceiptState {
  change: PaidAtDesk['change'];
  tenders: OfflinePayment[];
}

export function receiptState(value: unknown): ReceiptState | null {
  if (value === null || typeof value !== 'object') return null;
  const state = value as Partial<ReceiptState>;
  return state.change && Array.isArray(state.tenders) ? (state as ReceiptState) : null;
}
