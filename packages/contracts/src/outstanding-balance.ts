import { z } from 'zod';
import { moneySchema } from './membership.ts';

/**
 * What a member owes for failed Direct Debit collections (issue 22 item 4): the Dashboard and
 * Memberships show it, and "Pay now" puts it in the basket to pay by card.
 */
export const owedCollectionSchema = z.object({
  collectionId: z.number().int(),
  membershipId: z.number().int(),
  membershipName: z.string(),
  amount: moneySchema,
  /** the billing date the failed collection was for */
  billingDate: z.string(),
  prettyBillingDate: z.string(),
});
export type OwedCollection = z.infer<typeof owedCollectionSchema>;

/** GET /api/my-account/outstanding-balance */
export const outstandingBalanceSchema = z.object({
  total: moneySchema,
  collections: z.array(owedCollectionSchema),
  /** the operator refuses new bookings until it is paid */
  blocksBooking: z.boolean(),
});
export type OutstandingBalance = z.infer<typeof outstandingBalanceSchema>;

/** A basket line paying one failed collection. */
export const cartOutstandingBalanceItemSchema = z.object({
  id: z.number().int(),
  type: z.literal('outstanding_balance'),
  collectionId: z.number().int(),
  membershipName: z.string(),
  name: z.string(),
  description: z.string(),
  billingDate: z.string(),
  prettyBillingDate: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  price: moneySchema,
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
});
export type CartOutstandingBalanceItem = z.infer<typeof cartOutstandingBalanceItemSchema>;

/** An order line that paid a failed collection: the confirmation and receipt say what it was. */
export const orderOutstandingBalanceItemSchema = z.object({
  type: z.literal('outstanding_balance'),
  name: z.string(),
  description: z.string(),
  membershipName: z.string(),
  billingDate: z.string(),
  prettyBillingDate: z.string(),
  total: moneySchema,
});
export type OrderOutstandingBalanceItem = z.infer<typeof orderOutstandingBalanceItemSchema>;

/** Words shared by the server and the pages. */
export const outstandingBalanceWords = {
  lineName: 'Outstanding balance',
  nothingOwed: 'You have no outstanding balance to pay.',
  blocksBooking:
    'You cannot book online while your account has an outstanding balance. Please pay it from your Dashboard in My account, then book again.',
} as const;
