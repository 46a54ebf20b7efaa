import { z } from 'zod';
import { orderBookingItemSchema } from './activity-answers.ts';
import { moneySchema } from './membership.ts';
import { orderPackageItemSchema } from './packages.ts';
import { orderOutstandingBalanceItemSchema } from './outstanding-balance.ts';
import { orderPenaltyFeeItemSchema } from './penalty-fees.ts';
import { orderCourseEnrolmentItemSchema } from './courses.ts';

/**
 * The answers of completing a basket and of reading its order back (joining spec, "Order"):
 * GET /api/orders/{orderId} is what the order-confirmed page reads.
 */

export const orderFeeSchema = z.object({ label: z.string(), type: z.string(), price: moneySchema });

export const orderMembershipItemSchema = z.object({
  type: z.literal('membership'),
  kind: z.enum(['membership', 'membership_renewal', 'membership_change']),
  name: z.string(),
  friendlyName: z.string(),
  categories: z.array(z.string()),
  homeVenue: z.object({ name: z.string() }),
  membershipTypeId: z.number().int().nullable(),
  paymentType: z.enum(['recurring', 'fixed']).nullable(),
  fixedDuration: z.number().int().nullable(),
  fixedPeriod: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  firstBillingDate: z.string().nullable(),
  requiresEligibility: z.boolean(),
  baseFee: z.object({ type: z.string(), price: moneySchema }).nullable(),
  /** A change line: the difference to the membership it replaces. */
  change: z.object({ differenceToOldMembership: z.string(), newMembershipPrice: moneySchema }).nullable(),
  fees: z.array(orderFeeSchema),
  total: moneySchema,
});
export type OrderMembershipItem = z.infer<typeof orderMembershipItemSchema>;

export const orderItemSchema = z.discriminatedUnion('type', [
  orderMembershipItemSchema,
  orderBookingItemSchema,
  orderPackageItemSchema,
  orderOutstandingBalanceItemSchema,
  orderPenaltyFeeItemSchema,
  orderCourseEnrolmentItemSchema,
]);
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * How an order was paid (issue 17, decision 0034), for the confirmation page's receipt: account
 * credit pays first, the card the rest. `method` is 'card' whenever a card paid anything.
 */
export const orderPaymentSchema = z.object({
  /** 'offline': taken at the front desk (cash, vouchers, cheques, perhaps with credit), see `tenders` */
  method: z.enum(['card', 'credit', 'none', 'offline']),
  cardLastFour: z.string().nullable(),
  /** paid by card (the total less the credit) */
  card: moneySchema,
  /** paid from account credit */
  credit: moneySchema,
  /** an order paid at the desk: each tender's share of the total (cash less the change) */
  tenders: z
    .array(
      z.object({ tenderType: z.enum(['cash', 'offline-voucher', 'cheque', 'credit']), amount: moneySchema }),
    )
    .optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** 'booking' when the order holds any booking, otherwise 'membership' */
  orderType: z.enum(['membership', 'booking']),
  /** the operator's name */
  brand: z.string(),
  tax: moneySchema,
  total: moneySchema,
  items: z.array(orderItemSchema),
  payment: orderPaymentSchema,
  /** the receipt may be printed: every item allows it (the basket lines' `enablePrintReceipt`) */
  enablePrintReceipt: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/checkout/complete */
export const completedCheckoutSchema = z.object({
  completeOrderId: z.number().int(),
  orderId: z.number().int(),
  status: z.literal('completed'),
});
export type CompletedCheckout = z.infer<typeof completedCheckoutSchema>;
