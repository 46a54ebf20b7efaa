import { z } from 'zod';
import { text } from './catalogue-fields.ts';
import { databaseId } from './limits.ts';
import { moneySchema } from './membership.ts';

/**
 * Fees for a no-show or a late cancellation, owed on the customer's account (issue 35 item 6,
 * decision 0101). Not in the specification beyond the auth user's `hasOutstandingPenalties`: the
 * shapes are Lido's.
 */

export const penaltyFeeWords = {
  lineName: 'Penalty fee',
  kinds: { 'no-show': 'No-show', 'late-cancel': 'Late cancellation' },
} as const;

/** One fee: what for, how much, when, and whether it is still owed. */
export const penaltyFeeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['no-show', 'late-cancel']),
  /** "No-show: Spin, Tue 1 Dec, 18:00" */
  about: z.string(),
  amount: moneySchema,
  givenAt: z.string(),
  /** "1 Dec 2026" */
  prettyGivenAt: z.string(),
  /** given-back: paid, then the no-show was corrected to attended and the fee became account credit */
  status: z.enum(['owed', 'paid', 'given-back', 'waived']),
  waivedReason: z.string().nullable(),
});
export type PenaltyFee = z.infer<typeof penaltyFeeSchema>;

/** GET /api/my-account/penalty-fees: the customer's fees, newest first, and the total still owed. */
export const myPenaltyFeesSchema = z.object({
  owed: moneySchema,
  fees: z.array(penaltyFeeSchema),
});
export type MyPenaltyFees = z.infer<typeof myPenaltyFeesSchema>;

/** GET /api/staff/customers/{customerId}/penalty-fees: as the customer sees them, and which a manager may waive. */
export const customerPenaltyFeesSchema = z.object({
  fees: z.array(penaltyFeeSchema.extend({ waivable: z.boolean() })),
});
export type CustomerPenaltyFees = z.infer<typeof customerPenaltyFeesSchema>;

export const penaltyFeeParamsSchema = z.object({ feeId: databaseId('The fee') });
export const waivePenaltyFeeBodySchema = z.strictObject({
  reason: text.max(500, { error: 'must be at most 500 characters' }),
});
export type WaivePenaltyFeeBody = z.infer<typeof waivePenaltyFeeBodySchema>;

/** A basket line paying one fee. */
export const cartPenaltyFeeItemSchema = z.object({
  id: z.number().int(),
  type: z.literal('penalty_fee'),
  feeId: z.number().int(),
  name: z.string(),
  /** what it is for: "No-show: Spin, Tue 1 Dec, 18:00" */
  description: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  price: moneySchema,
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
});
export type CartPenaltyFeeItem = z.infer<typeof cartPenaltyFeeItemSchema>;

/** An order line that paid a fee: the confirmation says what for and how much. */
export const orderPenaltyFeeItemSchema = z.object({
  type: z.literal('penalty_fee'),
  name: z.string(),
  /** "Penalty fee: No-show: Spin, Tue 1 Dec, 18:00" */
  description: z.string(),
  total: moneySchema,
});
export type OrderPenaltyFeeItem = z.infer<typeof orderPenaltyFeeItemSchema>;
