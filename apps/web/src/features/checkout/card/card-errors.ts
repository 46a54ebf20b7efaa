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
} as const;

const providerCodes: Record<number, string> = {
  1000: 'The payment request format was incorrect. Please try again.',
  1001: 'Payment authentication information is missing. Please try again.',
  1002: 'Payment authentication failed. Please try again.',
  1003: 'Some required payment information is missing.',
  1004: 'A card detail has an invalid length.',
  1005: 'A card detail contains invalid characters.',
  1006: 'Your payment session has expired. Please try again.',
  1007: 'The card number is invalid.',
  1008: 'This card type is not supported.',
  1009: 'A card detail has an invalid value.',
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

/** A provider error code's message; other codes fall back to the provider's own message. */
export function providerErrorMessage(code: number | string | undefined, providerMessage?: string): string {
  const known = code === undefined ? undefined : providerCodes[Number(code)];
  return known ?? (providerMessage?.trim() || cardMessages.validationFailed);
}

/** An unsupported provider name from prepare. */
export function unsupportedProvider(name: string): string {
  return `Payment provider '${name}' is not supported`;
}

/** What a failed call says to the customer: a 422's field messages joined, or its message (platform spec §5). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = error.validationMessages ? Object.values(error.validationMessages).flat() : [];
    return fields.length > 0 ? fields.join(' ') : error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
