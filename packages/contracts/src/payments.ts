import { z } from 'zod';
import { completedWaiversSchema } from './activities.ts';
import { offlinePaymentsSchema } from './cart.ts';
import { positiveId } from './common.ts';
import { wholeNumber } from './limits.ts';

/**
 * Card payment calls (platform spec §7 "Payment"): prepare, authorise, the 3-D Secure completion
 * and their answers. The browser sends snake_case; these are the camelCase shapes the server reads.
 */

export * from './billing-details.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters.` });

// The waivers accepted before paying live beside the booking requests (cart.ts reads them too).
export { completedWaiversSchema, waiverLineIds, type CompletedWaivers } from './activities.ts';

/** POST /api/checkout/authorise */
export const authoriseBodySchema = z.strictObject({
  billingFirstName: text(20).optional(),
  billingLastName: text(20).optional(),
  billingAddressLineOne: text(50).optional(),
  billingAddressLineTwo: text(50).optional(),
  billingCity: text(40).optional(),
  billingPostcode: text(10).optional(),
  browserColourDepth: wholeNumber('The colour depth', 1, 48).default(24),
  browserJavaEnabled: z.boolean().default(false),
  browserJavascriptEnabled: z.boolean().default(true),
  browserLanguage: z.string().trim().min(1).max(35).default('en-GB'),
  browserScreenHeight: wholeNumber('The screen height', 0, 999_999).default(0),
  browserScreenWidth: wholeNumber('The screen width', 0, 999_999).default(0),
  browserTimezoneOffset: wholeNumber('The time zone offset', -840, 840).default(0),
  /** the card frame's size, for the issuer's challenge page */
  challengeWindowSize: z.enum(['Small', 'Medium', 'Large', 'ExtraLarge', 'FullScreen']).default('Medium'),
  cardIdentifier: z.string().trim().max(64).optional(),
  cardHolderName: text(45).optional(),
  completedWaivers: completedWaiversSchema.optional(),
  payments: offlinePaymentsSchema.optional(),
  sessionKey: z.string().trim().max(64).optional(),
  source: z.enum(['online-joining', 'front-of-house', 'bookings']).optional(),
  terms: z.array(positiveId('A terms id')).max(20).default([]),
  saveCard: z.boolean().default(false),
  savedCardId: positiveId('The saved card').optional(),
  paymentMethodId: z.string().trim().max(255).optional(),
  setupIntentId: z.string().trim().max(255).optional(),
});
export type AuthoriseBody = z.infer<typeof authoriseBodySchema>;

export const scaCompletionParamsSchema = z.object({
  transactionId: z.string().uuid({ error: 'The transaction must be a UUID.' }),
});

/** POST /api/payment-providers/sca-completion/{transactionId} as JSON from our own page */
export const scaCompletionBodySchema = z.strictObject({
  transactionUuid: z.string().uuid({ error: 'The transaction must be a UUID.' }),
  scaResult: z.string().max(8192).optional(),
});
export type ScaCompletionBody = z.infer<typeof scaCompletionBodySchema>;

export type {
  AuthoriseResponse,
  PaymentError,
  PrepareResponse,
  SavedCardSummary,
  ScaCompletedMessage,
  ScaCompletionAnswer,
  TransactionStatus,
} from './payment-answers.ts';
