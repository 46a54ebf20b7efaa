import { z } from 'zod';

/**
 * What the card payment calls answer. Apart from payments.ts (whose rules and messages the browser
 * loads), so the browser's bundle never carries these: it reads them as types only.
 */

export const transactionStatusSchema = z.enum(['authorised', 'sca_required', 'failed']);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

export const paymentErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type PaymentError = z.infer<typeof paymentErrorSchema>;

/** POST /api/checkout/authorise (and the 3-D Secure completion): where the payment stands. */
export const authoriseResponseSchema = z.object({
  transactionUuid: z.string(),
  transactionStatus: transactionStatusSchema,
  scaUrl: z.string().optional(),
  scaMethod: z.literal('POST').optional(),
  scaData: z.record(z.string(), z.string()).optional(),
  clientSecret: z.string().optional(),
  returnUrl: z.string().optional(),
  error: paymentErrorSchema.optional(),
});
export type AuthoriseResponse = z.infer<typeof authoriseResponseSchema>;

export const savedCardSummarySchema = z.object({
  id: z.number().int(),
  /** the provider's reusable token the card frame links a fresh security code to (never a card number) */
  cardIdentifier: z.string(),
  cardType: z.string(),
  lastFourDigits: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  /** expired, or expired within the last three months: a new card is offered first */
  recentlyExpired: z.boolean(),
  expired: z.boolean(),
});
export type SavedCardSummary = z.infer<typeof savedCardSummarySchema>;

/** GET /api/checkout/prepare */
export const prepareResponseSchema = z.object({
  paymentProvider: z.string(),
  sessionKey: z.string(),
  /** publishableKey: Stripe's browser key (never the secret key) */
  paymentProviderConfiguration: z.object({
    mode: z.string(),
    url: z.string(),
    publishableKey: z.string().optional(),
  }),
  savedCard: savedCardSummarySchema.nullable(),
});
export type PrepareResponse = z.infer<typeof prepareResponseSchema>;

/** The message the 3-D Secure notification page posts to the checkout page. */
export const scaCompletedMessageSchema = z.object({
  type: z.literal('sca_completed'),
  transaction_uuid: z.string(),
  transaction_status: transactionStatusSchema,
  error: paymentErrorSchema.optional(),
});
export type ScaCompletedMessage = z.infer<typeof scaCompletedMessageSchema>;

/** POST /api/payment-providers/sca-completion/{transactionId} as JSON: the message, with the payment. */
export const scaCompletionAnswerSchema = scaCompletedMessageSchema.extend({
  transactionId: z.string(),
  status: transactionStatusSchema,
});
export type ScaCompletionAnswer = z.infer<typeof scaCompletionAnswerSchema>;
