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

/**
 * GET /api/checkout/earlier-payment (ours; the spec lists no such call, decision 0090): a card
 * payment of the open basket whose provider answer was lost is looked up at the provider at once.
 * `none`: there is none; `paid`: it was taken and its order made (`completeOrderId`); `not_paid`:
 * it was not taken, pay again; `checking`: the provider cannot say yet, and the customer is emailed
 * either way. `message` says so in the customer's words.
 */
export const earlierPaymentSchema = z.object({
  status: z.enum(['none', 'paid', 'not_paid', 'checking']),
  completeOrderId: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type EarlierPayment = z.infer<typeof earlierPaymentSchema>;

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
