import { ApiError } from '../../../lib/api/api-client.ts';

/**
 * The card form's error catalogue (joining spec §8 "Card form" and "Provider codes"; platform spec
 * §8 "Payment messages"), in one place so every path shows the same words.
 */
export const cardMessages = {
  notLoaded: 'Opayo payment form not loaded. Please try again later.',
  validationFailed: 'Card validation failed.',
  notReady: 'Payment system not fully loaded. Please try again.',
  processing: 'Payment processing error. Please try again.',
  incomplete: 'Please complete all required card fields',
  declined: 'Payment was declined',
  scaFailed: '3D Secure verification failed',
  scaNotCompleted: 'Failed to complete 3D Secure verification',
  completeFailed: 'Unable to complete your order, please try again.',
  prepareFailed: 'Preparation failed',
  noTransaction: 'No transaction ID available for payment completion',
  authorisationFailed: 'Authorization failed',
  paymentNotCompleted: 'Failed to complete payment',
  paymentMethodFailed: 'Failed to create payment method',
  noPublishableKey: 'No publishable key found',
  noProvider: 'No payment provider selected',
  authenticationFailed: 'Payment authentication failed',
} as const;

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
  return `SCA failed or canceled with status ${status ?? 'unknown'}`;
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

const providerCodes: Record<number, string> = {
  1000: 'The payment request format was incorrect. Please try again.',
  1001: 'Payment authentication information is missing. Please try again.',
  1002: 'Payment authentication failed. Please try again.',
  1003: 'A card detail is missing: check the name on the card, card number, expiry date and security code.',
  1004: 'A card detail is too long or too short: check the card number, expiry date and security code.',
  1005: 'A card detail has characters it cannot have: check the card number, expiry date and security code.',
  1006: 'Your payment session has expired. Please try again.',
  1007: 'The card number is invalid.',
  1008: 'This card type is not supported.',
  1009: 'A card detail is not right: check the expiry date is in the future.',
  1010: 'This currency is not supported.',
  1011: 'Your payment session or card is invalid. Please try again.',
  1012: 'The transaction was not found.',
  1013: 'This transaction type is not supported.',
  1014: 'The transaction status does not allow this.',
  1015: 'The payment request was empty.',
  1016: 'An amount should be a number.',
  1017: 'This operation is not allowed for the transaction.',
  1018: 'The refund would exceed the original amount.',
  1019: 'The transaction instructions were not found.',
  1020: 'Unable to save this card.',
  1021: 'The release would exceed the original amount.',
  9998: 'The payment timed out. Please try again.',
  9999: 'There was a payment system error. Please try again later.',
};

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
  const known = error?.errorCode === undefined ? undefined : providerCodes[Number(error.errorCode)];
  return known ?? (own || cardMessages.validationFailed);
}

/** An unsupported provider name from prepare. */
export function unsupportedProvider(name: string): string {
  return `${name} payment provider is not supported`;
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
