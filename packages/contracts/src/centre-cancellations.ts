import { z } from 'zod';
import { clockTime, isoDate, key } from './catalogue-fields.ts';
import { moneySchema } from './membership.ts';

/**
 * Sessions cancelled by the centre (issue 35 item 3, decision 0095): a manager on the staff site
 * finds the sessions a period covers at a centre or one place, sees what cancelling them touches,
 * and confirms with a reason. Not in the specification ("Staff capabilities: not shown"): the
 * shapes are Lido's.
 */

const reason = z
  .string({ error: 'Enter the reason customers will be told' })
  .trim()
  .min(1, { error: 'Enter the reason customers will be told' })
  .max(200, { error: 'Reason must be 200 characters or fewer' });

/** The period: from a day and time to a day and time, at a centre or one of its places. */
export const cancellationScopeSchema = z.strictObject({
  venue: key,
  /** a place's key; left out, every place at the centre */
  location: key.optional(),
  fromDate: isoDate,
  fromTime: clockTime,
  toDate: isoDate,
  toTime: clockTime,
});
export type CancellationScope = z.input<typeof cancellationScopeSchema>;

/** How a booking was paid, as the preview counts the money. */
export const paidBySchema = z.enum(['card', 'credit', 'package', 'benefit', 'guest-pass', 'free']);
export type PaidBy = z.infer<typeof paidBySchema>;

export const sessionToCancelSchema = z.object({
  id: z.number().int(),
  activityName: z.string(),
  placeName: z.string(),
  /** "Tue 24 Nov 2026, 18:00 to 18:45" */
  when: z.string(),
  startsAt: z.string(),
  bookings: z.number().int(),
  waiting: z.number().int(),
  cancelled: z.boolean(),
  /** its bookings by how they were paid, and what goes back to cards and to account credit, in pence */
  byWay: z.array(
    z.object({
      paidBy: paidBySchema,
      bookings: z.number().int(),
      cardPence: z.number().int(),
      creditPence: z.number().int(),
    }),
  ),
});
export type SessionToCancel = z.infer<typeof sessionToCancelSchema>;

/** One way of paying among the bookings: how many, and the money that goes back that way. */
export const moneyBackSchema = z.object({
  paidBy: paidBySchema,
  /** "Card", "Account credit", "Package uses", … */
  label: z.string(),
  bookings: z.number().int(),
  /** what goes back to cards and to account credit; null for what is not money */
  amount: moneySchema.nullable(),
  /** "refunded to the card it came from", "added to account credit", "given back" */
  goesBack: z.string(),
});

export const cancellationPreviewSchema = z.object({
  sessions: z.array(sessionToCancelSchema),
  bookings: z.number().int(),
  waitingList: z.number().int(),
  money: z.array(moneyBackSchema),
  /** the operator's rule, in words */
  refundRule: z.string(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

export const cancelSessionsBodySchema = z.strictObject({
  /** made by the page when it shows the preview: a second press with it finds the first run */
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Key must be 8 to 64 letters, digits or dashes' }),
  venue: key,
  sessionIds: z
    .array(z.number().int().positive())
    .min(1, { error: 'Choose at least one session to cancel' })
    .max(500, { error: 'Choose at most 500 sessions at a time' }),
  reason,
});
export type CancelSessionsBody = z.input<typeof cancelSessionsBodySchema>;

export const cancellationResultSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  reason: z.string(),
  sessions: z.array(sessionToCancelSchema),
  bookingsCancelled: z.number().int(),
  cardRefunds: z.number().int(),
  cardRefunded: moneySchema,
  creditAdded: moneySchema,
  /** package uses, membership benefits and guest passes given back */
  usesGivenBack: z.number().int(),
  /** card refunds that failed: the job tries them again, then `npm run payments:attention` lists them */
  refundsFailed: z.number().int(),
  refundsPending: z.number().int(),
  waitingListTold: z.number().int(),
  finished: z.boolean(),
});
export type CancellationResult = z.infer<typeof cancellationResultSchema>;

export const cancellationParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
