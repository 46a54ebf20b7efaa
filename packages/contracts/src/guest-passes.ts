import { z } from 'zod';
import { positiveId } from './common.ts';

/**
 * Guest passes (issue 18 item 3, decision 0050): a membership grants `totalUses` passes per
 * `frequency`; a member spends one to bring a named guest into a session.
 */

const guestName = (label: string) =>
  z
    .string({ error: `Enter your guest's ${label}.` })
    .trim()
    .min(1, { error: `Enter your guest's ${label}.` })
    .max(50, { error: `Your guest's ${label} must be at most 50 characters.` });

/** POST /api/activities/guest-pass/add: a guest's place in a session, paid for by a guest pass. */
export const addGuestSchema = z.object({
  sessionId: positiveId('The session'),
  guestFirstName: guestName('first name'),
  guestLastName: guestName('last name'),
});
export type AddGuest = z.infer<typeof addGuestSchema>;

const frequency = z.enum(['day', 'week', 'month', 'year']);

/** A membership's guest passes in one period. */
export const guestPassAllowanceSchema = z.object({
  membershipId: z.number().int(),
  membershipName: z.string(),
  totalUses: z.number().int(),
  frequency,
  /** "2 guest passes a month" */
  allowanceText: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** "November 2026" */
  periodName: z.string(),
  used: z.number().int(),
  left: z.number().int(),
});
export type GuestPassAllowance = z.infer<typeof guestPassAllowanceSchema>;

/** A pass spent on a guest: held in the basket, used by a booking, or returned by cancelling it. */
export const guestPassUseSchema = z.object({
  id: z.number().int(),
  status: z.enum(['held', 'used', 'returned']),
  guestName: z.string(),
  sessionId: z.number().int(),
  activityName: z.string(),
  venueName: z.string(),
  startsAt: z.string(),
  /** "Tue 24 Nov 2026, 18:00 to 18:45" */
  when: z.string(),
  bookingId: z.number().int().nullable(),
});
export type GuestPassUse = z.infer<typeof guestPassUseSchema>;

/** GET /api/my-account/guest-passes: this period's passes per membership, and every pass spent. */
export const guestPassesSchema = z.object({
  allowances: z.array(guestPassAllowanceSchema),
  uses: z.array(guestPassUseSchema),
});
export type GuestPasses = z.infer<typeof guestPassesSchema>;

/**
 * GET /api/activities/sessions/{sessionId}/guest-pass: the passes the member could spend on this
 * session (the period of its date); `allowance` is null when no membership gives guest passes then.
 */
export const guestPassOfferSchema = z.object({
  sessionId: z.number().int(),
  allowance: guestPassAllowanceSchema.nullable(),
});
export type GuestPassOffer = z.infer<typeof guestPassOfferSchema>;
