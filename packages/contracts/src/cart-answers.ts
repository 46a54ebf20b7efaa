import { z } from 'zod';
import { cartBookingItemSchema } from './activity-answers.ts';
import { costsSchema, moneySchema } from './membership.ts';
import { cartPackageItemSchema } from './packages.ts';
import { cartOutstandingBalanceItemSchema } from './outstanding-balance.ts';
import { cartPenaltyFeeItemSchema } from './penalty-fees.ts';
import { cartCourseEnrolmentItemSchema } from './courses.ts';

/**
 * What the basket calls answer. Apart from cart.ts (whose request schemas and constants the browser
 * loads), so the browser's bundle never carries these: it reads them as types only.
 */

/** A membership, renewal or change line. */
export const cartMembershipItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(['membership', 'membership_renewal', 'membership_change']),
  objectId: z.number().int(),
  pricingOptionId: z.number().int(),
  purchasedForUserId: z.number().int(),
  /** the member's name when it is one of the customer's dependants (family accounts) */
  purchasedForName: z.string().optional(),
  renewsMembershipId: z.number().int().nullable(),
  /** A change line: the held membership it changes, and the difference in words. */
  changesMembershipId: z.number().int().nullable(),
  change: z.object({ differenceToOldMembership: z.string(), newMembershipPrice: moneySchema }).nullable(),
  name: z.string(),
  description: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(z.string()),
  options: z.object({
    startDate: z.string(),
    billingDay: z.number().int().nullable(),
    venueId: z.number().int(),
    promotionCodeId: z.number().int().nullable(),
  }),
  costs: costsSchema,
  price: moneySchema,
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
});
export type CartMembershipItem = z.infer<typeof cartMembershipItemSchema>;

/**
 * A basket line: a membership (or its renewal or change), a booking of an activity session, a
 * package, or a failed Direct Debit collection being paid by card.
 */
export const cartItemSchema = z.discriminatedUnion('type', [
  cartMembershipItemSchema,
  cartBookingItemSchema,
  cartPackageItemSchema,
  cartOutstandingBalanceItemSchema,
  cartPenaltyFeeItemSchema,
  cartCourseEnrolmentItemSchema,
]);
export type CartItem = z.infer<typeof cartItemSchema>;

const cartCreditSchema = z.object({
  type: z.enum(['membership', 'general']),
  totalAvailable: z.number().int(),
  maxApplicable: z.number().int(),
});
export type CartCredit = z.infer<typeof cartCreditSchema>;

/** The basket, as every basket call answers it. */
export const cartSchema = z.object({
  /** null until the first item is added: loading a basket never creates one. */
  cartId: z.number().int().nullable(),
  uuid: z.string().nullable(),
  items: z.array(cartItemSchema),
  totals: z.object({
    total: z.number().int(),
    taxTotal: z.number().int(),
    subTotal: z.number().int(),
    balance: z.number().int(),
    itemCount: z.number().int(),
    formattedTotal: z.string(),
    formattedBalance: z.string(),
  }),
  selectedUserId: z.number().int(),
  completeOrderId: z.number().int().nullable(),
  credits: z.object({ membership: cartCreditSchema, general: cartCreditSchema }),
  payments: z.array(
    z.object({
      tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit']),
      amount: z.number().int(),
    }),
  ),
  attendeeWaiversRequired: z.boolean(),
  /**
   * Booking lines this call found past their hold and released (decision 0031): the basket no
   * longer holds them, and each says why. Empty on most answers; absent only from older servers.
   */
  expiredItems: z
    .array(z.object({ id: z.number().int(), name: z.string(), when: z.string(), message: z.string() }))
    .optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /api/terms?cart_id: the terms checkout asks for. */
export const cartTermsSchema = z.object({
  id: z.number().int(),
  type: z.enum(['health_commitment', 'membership']),
  title: z.string(),
  html: z.string(),
  isRequired: z.boolean(),
  /** accepted for every basket line that needs them (on the joining page): not asked again */
  accepted: z.boolean(),
});
export type CartTerms = z.infer<typeof cartTermsSchema>;

/** The terms call answers its list one level deeper, under `data.data` (joining spec, section 7). */
export const cartTermsAnswerSchema = z.object({ data: z.array(cartTermsSchema) });
export type CartTermsAnswer = z.infer<typeof cartTermsAnswerSchema>;
