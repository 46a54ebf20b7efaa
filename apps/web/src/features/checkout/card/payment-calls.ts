import type { CompletedCheckout } from '@lido/contracts/order';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { CompleteCheckoutBody } from '@lido/contracts/cart';
import type {
  AuthoriseBody,
  AuthoriseResponse,
  BillingDetails,
  PrepareResponse,
  ScaCompletionBody,
} from '@lido/contracts/payments';
import { apiFetch, apiGet } from '../../../lib/api/api-client.ts';
import type { CheckoutExtras } from '../checkout-source.ts';

/** GET /api/checkout/prepare: a fresh card session for this checkout. */
export async function preparePayment(): Promise<PrepareResponse> {
  return apiGet<PrepareResponse>('checkout/prepare');
}

/** What the issuer's risk checks need to know about this browser (payments-reference.md §1.3). */
export function browserDetails(): Pick<
  AuthoriseBody,
  | 'browserColourDepth'
  | 'browserJavaEnabled'
  | 'browserJavascriptEnabled'
  | 'browserLanguage'
  | 'browserScreenHeight'
  | 'browserScreenWidth'
  | 'browserTimezoneOffset'
  | 'challengeWindowSize'
> {
  const depths = [1, 4, 8, 15, 16, 24, 32, 48];
  const depth = depths.includes(window.screen.colorDepth) ? window.screen.colorDepth : 24;
  return {
    browserColourDepth: depth,
    browserJavaEnabled: false,
    browserJavascriptEnabled: true,
    browserLanguage: navigator.language || 'en-GB',
    browserScreenHeight: window.screen.height,
    browserScreenWidth: window.screen.width,
    browserTimezoneOffset: new Date().getTimezoneOffset(),
    challengeWindowSize: window.innerWidth < 575 ? 'Small' : 'Medium',
  };
}

export interface AuthoriseInput {
  sessionKey: string;
  terms: number[];
  payments: OfflinePayment[];
  extras: Pick<CheckoutExtras, 'source' | 'completedWaivers'>;
  card:
    | {
        kind: 'new';
        cardIdentifier: string;
        cardHolderName: string;
        saveCard: boolean;
        billing: BillingDetails;
      }
    | { kind: 'stripe'; paymentMethodId: string; saveCard: boolean; billing: BillingDetails }
    | { kind: 'saved'; savedCardId: number };
}

/** POST /api/checkout/authorise */
export async function authorisePayment(input: AuthoriseInput): Promise<AuthoriseResponse> {
  const card =
    input.card.kind === 'new'
      ? {
          ...input.card.billing,
          cardIdentifier: input.card.cardIdentifier,
          cardHolderName: input.card.cardHolderName,
          saveCard: input.card.saveCard,
        }
      : input.card.kind === 'stripe'
        ? {
            ...input.card.billing,
            paymentMethodId: input.card.paymentMethodId,
            saveCard: input.card.saveCard,
          }
        : { savedCardId: input.card.savedCardId, saveCard: false };
  return (
    await apiFetch<AuthoriseResponse>('checkout/authorise', {
      method: 'POST',
      body: {
        ...browserDetails(),
        ...card,
        sessionKey: input.sessionKey,
        terms: input.terms,
        payments: input.payments,
        completedWaivers: input.extras.completedWaivers,
        source: input.extras.source,
      } satisfies AuthoriseBody,
    })
  ).data;
}

/** POST /api/checkout/complete with the authorised transaction. */
export async function completeCardPayment(
  transactionUuid: string,
  terms: number[],
  payments: OfflinePayment[],
  extras: Pick<CheckoutExtras, 'source' | 'completedWaivers'>,
) {
  return (
    await apiFetch<CompletedCheckout>('checkout/complete', {
      method: 'POST',
      body: {
        transactionUuid,
        terms,
        payments,
        completedWaivers: extras.completedWaivers,
        source: extras.source,
      } satisfies CompleteCheckoutBody,
    })
  ).data;
}

/** POST the sca-completion call as JSON (Stripe): the server re-reads the payment and answers. */
export async function confirmScaCompletion(transactionUuid: string): Promise<AuthoriseResponse> {
  const answer = (
    await apiFetch<Pick<AuthoriseResponse, 'transactionStatus' | 'error'>>(
      `payment-providers/sca-completion/${transactionUuid}`,
      { method: 'POST', body: { transactionUuid } satisfies ScaCompletionBody },
    )
  ).data;
  return {
    transactionUuid,
    transactionStatus: answer.transactionStatus,
    ...(answer.error ? { error: answer.error } : {}),
  };
}
