import { cardMessages } from './card-errors.ts';

/**
 * The card payment's status machine (platform spec §4 "Payment status"): prepare, authorise, the
 * optional 3-D Secure step, then completion. A pure reducer, so every transition is unit tested.
 */
export type PaymentStatus =
  | 'idle'
  | 'preparing'
  | 'prepare_failed'
  | 'ready'
  | 'authorizing'
  | 'authorized'
  | 'sca_required'
  | 'sca_processing'
  | 'completing'
  | 'completed'
  | 'failed';

export interface ScaChallenge {
  transactionUuid: string;
  scaUrl: string;
  scaData: Record<string, string>;
}

export interface PaymentState {
  status: PaymentStatus;
  transactionUuid: string | null;
  sca: ScaChallenge | null;
  error: string | null;
  previousError: string | null;
}

export type PaymentEvent =
  | { type: 'prepare' }
  | { type: 'prepared' }
  | { type: 'prepare_failed'; error: string }
  | { type: 'authorise' }
  | { type: 'authorised'; transactionUuid: string }
  | { type: 'sca_required'; challenge: ScaChallenge }
  | { type: 'sca_result'; status: string }
  | { type: 'complete' }
  | { type: 'completed' }
  | { type: 'failed'; error: string }
  | { type: 'clear_sca' }
  | { type: 'reset' };

export const initialPayment: PaymentState = {
  status: 'idle',
  transactionUuid: null,
  sca: null,
  error: null,
  previousError: null,
};

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'prepare':
      // After a failure a fresh session is fetched behind the failure notice, which stays.
      return { ...state, status: state.status === 'failed' ? 'failed' : 'preparing' };
    case 'prepared':
      return { ...state, status: state.status === 'failed' ? 'failed' : 'ready' };
    case 'prepare_failed':
      return { ...state, status: 'prepare_failed', error: event.error };
    case 'authorise':
      return { ...state, status: 'authorizing', previousError: state.error, error: null, sca: null };
    case 'authorised':
      return { ...state, status: 'authorized', transactionUuid: event.transactionUuid };
    case 'sca_required':
      // The transaction is kept: the 3-D Secure answer completes it.
      return {
        ...state,
        status: 'sca_required',
        transactionUuid: event.challenge.transactionUuid,
        sca: event.challenge,
      };
    case 'sca_result':
      return event.status === 'authorised'
        ? { ...state, status: 'sca_processing', sca: null }
        : { ...state, status: 'failed', sca: null, error: cardMessages.scaFailed };
    case 'complete':
      if (!state.transactionUuid) return { ...state, status: 'failed', error: cardMessages.noTransaction };
      return { ...state, status: 'completing' };
    case 'completed':
      return { ...state, status: 'completed' };
    case 'failed':
      return { ...state, status: 'failed', sca: null, error: event.error };
    case 'clear_sca':
      return { ...state, status: 'ready', sca: null };
    case 'reset':
      return initialPayment;
  }
}

/** While a payment is on its way the pay and cancel buttons are hidden (joining spec, "Checkout page"). */
export function paymentInProgress(status: PaymentStatus): boolean {
  return ['authorizing', 'authorized', 'sca_required', 'sca_processing', 'completing', 'completed'].includes(
    status,
  );
}
