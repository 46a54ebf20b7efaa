import { ApiError } from '../../../lib/api/api-client.ts';
import { checkoutWords } from '../words.ts';

const cardMessageIds = {
  notLoaded: 'cardNotLoaded',
  validationFailed: 'cardValidationFailed',
  notReady: 'cardNotReady',
  processing: 'cardProcessing',
  incomplete: 'cardIncomplete',
  declined: 'cardDeclined',
  scaFailed: 'cardScaFailed',
  scaNotCompleted: 'cardScaNotCompleted',
  completeFailed: 'cardCompleteFailed',
  prepareFailed: 'cardPrepareFailed',
  noTransaction: 'cardNoTransaction',
  authorisationFailed: 'cardAuthorisationFailed',
  paymentNotCompleted: 'cardPaymentNotCompleted',
  paymentMethodFailed: 'cardPaymentMethodFailed',
  noPublishableKey: 'cardNoPublishableKey',
  noProvider: 'cardNoProvider',
  authenticationFailed: 'cardAuthenticationFailed',
  authoriseFailed: 'cardAuthoriseFailed',
} as const;

/**
 * The card form's error catalogue (joining spec §8 "Card form" and "Provider codes"; platform spec
 * §8 "Payment messages"), in one place so every path shows the same words. Each is looked up when
 * read: a Welsh page's words arrive after this module loads.
 */
export const cardMessages = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(cardMessageIds).map(([key, id]) => [
      key,
      { get: () => checkoutWords(id), enumerable: true },
    ]),
  ),
) as Readonly<Record<keyof typeof cardMessageIds, string>>;

/**
 * What an authorise (or, after 3-D Secure, a re-read) answer that is not a payment says (platform
 * spec §8; joining spec §8): the provider's reason or a default decline; an answer that can go no
 * further is "Authorization failed", or "Payment authentication failed" once the bank has checked.
 */
export function notAuthorisedMessage(
  answer: { transactionStatus: string; error?: { message?: string } | undefined },
  afterSca: boolean,
): string {
  const reason = answer.error?.message?.trim();
  if (reason) return reason;
  if (afterSca) return cardMessages.authenticationFailed;
  return answer.transactionStatus === 'failed' ? cardMessages.declined : cardMessages.authorisationFailed;
}

/** Stripe's 3-D Secure ended without an authorised payment (joining spec §8). */
export function scaFailed(status: string | undefined): string {
  return status === undefined
    ? checkoutWords('cardScaStatusUnknown')
    : checkoutWords('cardScaStatus', { status });
}

/** Why prepare's provider cannot take a card here, or null when it can (joining spec §8). */
export function providerProblem(name: string, supported: readonly string[]): string | null {
  if (!name.trim()) return cardMessages.noProvider;
  return supported.includes(name) ? null : unsupportedProvider(name);
}

/** The message the server's error answer carried, if any. */
function serverMessage(error: ApiError): string | null {
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * A failed prepare call (platform spec §8): a 403 flagged paid_booking_disabled shows the server's
 * message; any other failure the server's message or "Preparation failed".
 */
export function prepareFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const message = serverMessage(error);
    if (error.status === 403 && error.body?.paidBookingDisabled === true && message) return message;
    return message ?? cardMessages.prepareFailed;
  }
  return error instanceof Error && error.message ? error.message : cardMessages.prepareFailed;
}

/** The provider codes whose words we have (payments-reference), each `checkout.cardProvider{code}`. */
const providerCodes = new Set([
  1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017,
  1018, 1019, 1020, 1021, 9998, 9999,
]);

/**
 * What a failed tokenisation says. The card frame's own check names each field it found wrong
 * ("Enter a valid card number."), and those words are used: a code alone once reported a wrong card
 * number as "missing information" because an empty name was found first (issue 34 item 4). Other
 * answers use the provider code's message, or the provider's own words for a code we do not know.
 */
export function providerErrorMessage(
  error: { errorCode?: number | string; errorMessage?: string; field?: string } | undefined,
): string {
  const own = error?.errorMessage?.trim();
  if (error?.field && own) return own;
  const code = Number(error?.errorCode);
  const known =
    error?.errorCode !== undefined && providerCodes.has(code)
      ? checkoutWords(`cardProvider${code}`)
      : undefined;
  return known ?? (own || cardMessages.validationFailed);
}

/** An unsupported provider name from prepare. */
export function unsupportedProvider(name: string): string {
  return checkoutWords('cardProviderUnsupported', { name });
}

/** What a failed call says to the customer: a 422's field messages joined, or its message (platform spec §5). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = error.validationMessages ? Object.values(error.validationMessages).flat() : [];
    // Only the server's own words: a bare status ("Request failed") says less than the fallback.
    return fields.length > 0 ? fields.join(' ') : (serverMessage(error) ?? fallback);
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
