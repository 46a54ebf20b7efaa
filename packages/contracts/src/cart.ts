import { z } from 'zod';
import { bookingItemOptionsSchema, completedWaiversSchema } from './activities.ts';
import { positiveId } from './common.ts';
import { calendarDate, maxPence, pence } from './limits.ts';
import { normalVoucherCode, voucherCodeMessages, voucherCodeProblem } from './offline-payments.ts';

/**
 * The basket calls on the checkout service base (the spec's `{checkout}`). The browser sends
 * snake_case; the server reads these camelCase shapes after its key conversion.
 */
export { checkoutServiceBase } from './cart-paths.ts';

const selectedUser = { selectedUserId: positiveId('The selected user').optional() };

/** GET {checkout} and DELETE {checkout} */
export const cartQuerySchema = z.object(selectedUser);

/** What a membership line is priced from: the same inputs as the costs call. */
export const membershipItemOptionsSchema = z.strictObject({
  startDate: calendarDate('The start date'),
  billingDay: positiveId('The billing day').optional(),
  venueId: positiveId('The venue'),
  promotionCodeId: positiveId('The promotion code').optional(),
});

export const cartItemTypes = ['membership', 'booking', 'package'] as const;

/** POST {checkout}/add: a membership (its payment option and start) or a session (its price band). */
const addedItemSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      id: positiveId('The item'),
      type: z.literal('membership'),
      purchasedForUserId: positiveId('The customer the item is for').optional(),
      pricingOptionId: positiveId('The payment option'),
      options: membershipItemOptionsSchema,
    }),
    z.strictObject({
      id: positiveId('The session'),
      type: z.literal('booking'),
      purchasedForUserId: positiveId('The customer the item is for').optional(),
      pricingOptionId: positiveId('The price'),
      options: bookingItemOptionsSchema.default({}),
    }),
    z.strictObject({
      id: positiveId('The package'),
      type: z.literal('package'),
      purchasedForUserId: positiveId('The customer the item is for').optional(),
      // The centre it is bought for: a package is used there (decision 0049).
      options: z.strictObject({ venueId: positiveId('The venue') }),
    }),
  ],
  { error: 'An item must be a membership, a booking or a package.' },
);
export type AddedCartItem = z.infer<typeof addedItemSchema>;

export const addToCartBodySchema = z.strictObject({
  items: z
    .array(addedItemSchema, { error: 'Items must be a list.' })
    .min(1, { error: 'Add at least one item.' })
    .max(10, { error: 'Add at most 10 items at a time.' }),
  membershipUserId: positiveId('The member').optional(),
  ...selectedUser,
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/** POST {checkout}/remove: ids in the body, who in the query. */
export const removeFromCartQuerySchema = z.object({
  membershipUserId: positiveId('The member').optional(),
  ...selectedUser,
});
export const removeFromCartBodySchema = z.strictObject({
  cartItemIds: z
    .array(positiveId('A basket item'), { error: 'Basket items must be a list.' })
    .min(1, { error: 'Choose at least one item to remove.' })
    .max(50),
});
export type RemoveFromCartBody = z.infer<typeof removeFromCartBodySchema>;

/** PUT {checkout}/{cartItemId} */
export const cartItemParamsSchema = z.object({ cartItemId: positiveId('The basket item') });

/** DELETE /api/activities/benefit|package/remove/{cartItemId}: query source, selected_user_id */
export const removeUsageQuerySchema = z.object({
  ...selectedUser,
  source: z.enum(['online-joining', 'front-of-house', 'bookings']).optional(),
});
export const updateCartItemBodySchema = z.strictObject({
  // A membership line's start, billing day or promotion, or a booking line's number of places.
  options: z.union([membershipItemOptionsSchema.partial(), bookingItemOptionsSchema], {
    error: 'These options do not fit this basket item.',
  }),
  ...selectedUser,
});

/**
 * PUT {checkout}/{cartItemId} on a booking line: its one option, the number of places. The server
 * reads the body with this schema once it knows the item is a booking, so a wrong number gets the
 * number's own message rather than the union's.
 */
export const updateBookingItemBodySchema = z.strictObject({
  options: z.strictObject(
    { quantity: bookingItemOptionsSchema.shape.quantity.unwrap() },
    { error: 'A booking can only change its number of places (quantity).' },
  ),
  ...selectedUser,
});
export type UpdateBookingItemBody = z.infer<typeof updateBookingItemBodySchema>;

/** GET /api/terms?cart_id */
export const cartTermsQuerySchema = z.object({ cartId: positiveId('The basket') });

export type {
  Cart,
  CartCredit,
  CartItem,
  CartMembershipItem,
  CartTerms,
  CartTermsAnswer,
} from './cart-answers.ts';

/** The health commitment and membership terms accepted in "Review & select dates" (issue 21 item 5). */
const acceptedTermsSchema = z.array(positiveId('An accepted terms id')).max(20).optional();

/**
 * POST memberships/online-joining/store: the membership built on the joining page. Bank details
 * come only for a monthly membership of a customer without a Direct Debit; they are checked here
 * and never echoed back.
 */
export const joiningMembershipBodySchema = z.strictObject({
  homeVenueId: positiveId('The home centre'),
  membershipTypeId: positiveId('The membership'),
  paymentOptionId: positiveId('The payment option'),
  startDate: calendarDate('The start date'),
  billingDay: positiveId('The billing day').nullish(),
  promotionCodeId: positiveId('The promotion code').nullish(),
  accountHolder: z.string().trim().max(100).optional(),
  accountDetails: z
    .strictObject({
      sortCode: z.string().max(20),
      accountNumber: z.string().max(20),
    })
    .optional(),
  billingAddress: z
    .strictObject({
      lineOne: z.string().trim().max(200),
      lineTwo: z.string().trim().max(200).optional(),
      city: z.string().trim().max(100),
      postcode: z.string().trim().max(10),
    })
    .optional(),
  ddTermsAccepted: z.boolean().optional(),
  acceptedTerms: acceptedTermsSchema,
  /** who will hold the membership: the customer (the default) or one of their dependants */
  membershipUserId: positiveId('The member').optional(),
});
export type JoiningMembershipBody = z.infer<typeof joiningMembershipBodySchema>;

/** DELETE cart/clear */
export const clearCartBodySchema = z.strictObject({
  source: z.enum(['online-joining', 'front-of-house', 'bookings'], {
    error: 'The source must be online-joining or bookings.',
  }),
});
export type ClearCartBody = z.infer<typeof clearCartBodySchema>;

/** POST memberships/{id}/change: the membership to change to, and when. */
export const changeMembershipBodySchema = z.strictObject({
  membershipTypeId: positiveId('The membership'),
  paymentOptionId: positiveId('The payment option'),
  startDate: calendarDate('The change date'),
  acceptedTerms: acceptedTermsSchema,
});
export type ChangeMembershipBody = z.infer<typeof changeMembershipBodySchema>;

/** A voucher's code as the desk types it (Lido's addition to the spec's offline payment, decision 0072). */
export const voucherCodeSchema = z
  .string({ error: voucherCodeMessages.missing })
  .transform(normalVoucherCode)
  .superRefine((code, context) => {
    const problem = voucherCodeProblem(code);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Payments held outside the card (platform spec §3 "Offline payment"). */
export const offlinePaymentsSchema = z
  .array(
    z.strictObject({
      tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit']),
      // Below 0 is allowed: the spec's "an amount of 0 or less removes the entry".
      amount: pence('The amount', { min: -maxPence }),
      /** a voucher's code (at the desk, every voucher has one) */
      voucherCode: voucherCodeSchema.optional(),
    }),
  )
  .max(10);

/** POST /api/checkout/complete: the accepted terms' ids; card payments carry their transaction. */
export const completeCheckoutBodySchema = z.strictObject({
  completedWaivers: completedWaiversSchema.optional(),
  payments: offlinePaymentsSchema.optional(),
  terms: z.array(positiveId('A terms id')).max(20).default([]),
  transactionUuid: z.string().uuid({ error: 'The transaction must be a UUID.' }).optional(),
  source: z.enum(['online-joining', 'front-of-house', 'bookings']).optional(),
});
export type CompleteCheckoutBody = z.infer<typeof completeCheckoutBodySchema>;

export const orderParamsSchema = z.object({ orderId: positiveId('The order') });
