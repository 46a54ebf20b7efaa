import { z } from 'zod';
import { positiveId } from './common.ts';
import { collectionToComeSchema } from './direct-debit.ts';
import { moneySchema } from './membership.ts';

/** Leaving a membership and its timeline (issue 22 items 1, 2 and 6): My account → Memberships. */

export const membershipParamsSchema = z.object({ membershipId: positiveId('The membership') });

export const exitKinds = ['notice', 'cooling_off'] as const;
export type ExitKind = (typeof exitKinds)[number];

export const reasonMaxLength = 500;

/** POST /api/my-account/memberships/{membershipId}/cancel */
export const cancelMembershipBodySchema = z.object({
  /** the kind of cancellation the page showed: a different one now (a day passed) is refused */
  kind: z.enum(exitKinds, { error: 'Choose how to cancel: with notice or in the cooling-off period.' }),
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(reasonMaxLength, { error: `Please keep the reason to ${reasonMaxLength} characters.` })
    .optional(),
});
export type CancelMembershipBody = z.infer<typeof cancelMembershipBodySchema>;

export const coolingOffRefundSchema = z.object({
  /** what was paid for the membership so far */
  paid: moneySchema,
  daysUsed: z.number().int(),
  /** the value of the days used, kept back */
  used: moneySchema,
  total: moneySchema,
  toCard: moneySchema,
  toCredit: moneySchema,
  cardLastFour: z.string().nullable(),
  /** "£28.87 will be refunded to your card ending 0006." */
  text: z.string(),
});

/**
 * GET …/cancellation: what cancelling now would do (or, once cancelled, what it did): the last
 * day, the last collection, any refund, and what happens to bookings and benefits.
 */
export const membershipExitSchema = z.object({
  membershipId: z.number().int(),
  membershipName: z.string(),
  kind: z.enum(exitKinds),
  /** set once the member has cancelled */
  cancelledAt: z.string().nullable(),
  reason: z.string().nullable(),
  lastDay: z.string(),
  prettyLastDay: z.string(),
  /** the last Direct Debit collection under the notice rule; null when nothing more is collected */
  lastCollection: z
    .object({ date: z.string(), prettyDate: z.string(), amount: moneySchema, taken: z.boolean() })
    .nullable(),
  /**
   * every Direct Debit collection still to be taken up to the last day, soonest first, as the
   * collection engine will take it (a frozen month collects the freeze's fee; issue 33 item 1)
   */
  collectionsToCome: z.array(collectionToComeSchema).optional(),
  /** Direct Debit collections that will not be taken (cooling-off cancels every one not yet taken) */
  collectionsStopped: z.boolean(),
  refund: coolingOffRefundSchema.nullable(),
  /** the last day of the cooling-off period, when it applies */
  coolingOffEndsOn: z.string().nullable(),
  prettyCoolingOffEndsOn: z.string().nullable(),
  /** sentences: what happens to bookings and benefits after the last day */
  afterwards: z.array(z.string()),
});
export type MembershipExit = z.infer<typeof membershipExitSchema>;

export const timelineKinds = [
  'joined',
  'changed',
  'renewed',
  'payment',
  'payment_failed',
  'frozen',
  'cancel_requested',
  'cooled_off',
  'cancelled',
  'ended',
  'notice',
] as const;

export const timelineEntrySchema = z.object({
  kind: z.enum(timelineKinds),
  /** ISO instant or date it happened (or, for a collection still to come, is due) */
  date: z.string(),
  prettyDate: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  amount: moneySchema.nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/my-account/memberships/{membershipId}/timeline: oldest first. */
export const membershipTimelineSchema = z.object({
  membershipId: z.number().int(),
  membershipName: z.string(),
  entries: z.array(timelineEntrySchema),
});
export type MembershipTimeline = z.infer<typeof membershipTimelineSchema>;
