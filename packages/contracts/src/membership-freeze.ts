import { z } from 'zod';
import { calendarDate, databaseId, wholeNumber } from './limits.ts';
import { moneySchema } from './membership.ts';

/** A freeze not yet over, as My account shows it (issue 22 item 3). */
export const heldFreezeSchema = z.object({
  id: z.number().int(),
  startsOn: z.string(),
  prettyStartsOn: z.string(),
  /** the billing date the membership resumes on */
  endsOn: z.string(),
  prettyEndsOn: z.string(),
  /** the last frozen day */
  prettyLastDay: z.string(),
  months: z.number().int(),
  monthlyFee: moneySchema,
  /** scheduled: not started yet; active: frozen today */
  state: z.enum(['scheduled', 'active']),
});
export type HeldFreeze = z.infer<typeof heldFreezeSchema>;

/** GET /api/my-account/memberships/{id}/freeze: what the freeze page offers, under the operator's rules. */
export const freezeOfferSchema = z.object({
  membershipId: z.number().int(),
  name: z.string(),
  price: moneySchema,
  billingDay: z.number().int(),
  endDate: z.string().nullable(),
  rules: z.object({
    minMonths: z.number().int(),
    maxMonths: z.number().int(),
    noticeDays: z.number().int(),
    monthlyFee: moneySchema,
  }),
  /** the billing dates a freeze may start on, earliest first */
  startDates: z.array(z.object({ date: z.string(), prettyDate: z.string() })),
  today: z.string(),
  freeze: heldFreezeSchema.nullable(),
});
export type FreezeOffer = z.infer<typeof freezeOfferSchema>;

export const freezeParamsSchema = z.object({
  membershipId: databaseId('The membership'),
});

export const freezeBodySchema = z.object({
  startsOn: calendarDate('The freeze start', {
    message: 'Choose the date the freeze starts.',
    required: 'Choose the date the freeze starts.',
  }),
  // The operator's rules bound the months; this only keeps an absurd number out of the date arithmetic.
  months: wholeNumber('The number of months', 1, 120, {
    type: 'Choose how many months to freeze for.',
    whole: 'Choose whole months.',
    tooSmall: 'Choose how many months to freeze for.',
    tooLarge: 'Choose how many months to freeze for.',
  }),
});
export type FreezeBody = z.infer<typeof freezeBodySchema>;

/** The answer to a freeze or to ending one early. */
export const freezeAnswerSchema = z.object({
  freeze: heldFreezeSchema.nullable(),
  /** the membership's end date after the change; null for a rolling membership */
  endDate: z.string().nullable(),
  prettyEndDate: z.string().nullable(),
  message: z.string(),
});
export type FreezeAnswer = z.infer<typeof freezeAnswerSchema>;
