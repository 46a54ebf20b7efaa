import { z } from 'zod';
import { isoDate, key, text, wholeNumber, yesNo } from './catalogue-fields.ts';
import { databaseId, firstYear, lastYear } from './limits.ts';

/**
 * Registers and the no-show and late-cancel rules (issue 35 items 4 and 6, decision 0096). Not in
 * the specification beyond the auth user's `hasOutstandingPenalties`: the shapes are Lido's.
 */

/**
 * The catalogue's `bookingPenalties` (per operator; absent: no strikes are given). A no-show, or a
 * cancellation within `lateCancelHours` of the start, gives one strike; `strikesToBlock` strikes
 * within `strikeWindowDays` stop online booking for `blockDays` from the last of them. Either may
 * give a fee owed on the account instead of, or as well as, its strike (decision 0101).
 */
export const bookingPenaltiesSchema = z.strictObject({
  /** a booking marked no-show on a register gives a strike */
  noShowStrike: yesNo.default(true),
  /** a customer's cancellation this many hours or fewer before the start is late; 0 for none */
  lateCancelHours: wholeNumber(0, 168).default(4),
  /** a late cancellation gives a strike (decision 0101: false for a fee instead) */
  lateCancelStrike: yesNo.default(true),
  /** a fee owed on the account for a no-show, in pence; 0 for none (decision 0101) */
  noShowFeePence: wholeNumber(0, 10_000).default(0),
  /** a fee owed on the account for a late cancellation, in pence; 0 for none (decision 0101) */
  lateCancelFeePence: wholeNumber(0, 10_000).default(0),
  strikesToBlock: wholeNumber(1, 20).default(3),
  strikeWindowDays: wholeNumber(1, 365).default(30),
  blockDays: wholeNumber(1, 365).default(7),
});
export type BookingPenalties = z.infer<typeof bookingPenaltiesSchema>;

export const attendanceStatuses = ['attended', 'no-show'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const strikeKindLabels = { 'no-show': 'No-show', 'late-cancel': 'Late cancellation' } as const;

export const strikeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['no-show', 'late-cancel']),
  givenAt: z.string(),
  /** the session it was for: "Aqua fit, Tuesday 1 December, 18:00" */
  about: z.string(),
  removed: z.boolean(),
  removedReason: z.string().nullable(),
});
export type Strike = z.infer<typeof strikeSchema>;

/** One line of a register: a place booked, by whom and for whom. */
export const registerEntrySchema = z.object({
  bookingId: z.number().int(),
  customerId: z.number().int(),
  customerReference: z.string(),
  name: z.string(),
  /** the price band booked ("Adult", "Junior"), with the age on the day when it is known */
  ageBand: z.string(),
  who: z.enum(['customer', 'family member', 'guest']),
  /** who booked a family member's or a guest's place */
  bookedBy: z.string().nullable(),
  places: z.number().int(),
  waiver: z.enum(['signed', 'not needed', 'missing']),
  /** the note the customer gave when booking (decision 0101), or null */
  note: z.string().nullable(),
  attendance: z.enum(attendanceStatuses).nullable(),
  strike: strikeSchema.nullable(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerSchema = z.object({
  session: z.object({
    id: z.number().int(),
    activityName: z.string(),
    centre: z.object({ slug: z.string(), name: z.string() }),
    place: z.string(),
    instructor: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    capacity: z.number().int(),
    cancelled: z.boolean(),
  }),
  entries: z.array(registerEntrySchema),
  /** this member of staff may mark it (a manager only at their centres) */
  canMark: z.boolean(),
  /** this member of staff may remove a strike (a manager at the session's centre) */
  canRemoveStrikes: z.boolean(),
});
export type Register = z.infer<typeof registerSchema>;

/** A centre's sessions on a day, each with how many are booked and how many are marked. */
export const registerListSchema = z.object({
  centres: z.array(z.object({ slug: z.string(), name: z.string() })),
  centre: z.string(),
  date: z.string(),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      activityName: z.string(),
      place: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      booked: z.number().int(),
      marked: z.number().int(),
      capacity: z.number().int(),
      cancelled: z.boolean(),
    }),
  ),
});
export type RegisterList = z.infer<typeof registerListSchema>;

export const registerListQuerySchema = z.object({
  centre: key.optional(),
  date: isoDate
    .refine((date) => Number(date.slice(0, 4)) >= firstYear && Number(date.slice(0, 4)) <= lastYear, {
      error: `must be a date from ${firstYear} to ${lastYear}`,
    })
    .optional(),
});
export const registerParamsSchema = z.object({ sessionId: databaseId('The session') });
export const markParamsSchema = z.object({
  sessionId: databaseId('The session'),
  bookingId: databaseId('The booking'),
});
export const markBodySchema = z.strictObject({
  status: z.enum(attendanceStatuses, { error: 'must be attended or no-show' }),
});
export const strikeParamsSchema = z.object({ strikeId: databaseId('The strike') });
export const removeStrikeBodySchema = z.strictObject({
  reason: text.max(500, { error: 'must be at most 500 characters' }),
});

/** What marking did: the entry as it now stands, and whether the customer is now blocked online. */
export const markedSchema = z.object({
  entry: registerEntrySchema,
  blockedUntil: z.string().nullable(),
});
export type Marked = z.infer<typeof markedSchema>;
/** A customer's strikes at the desk, newest first, and whether online booking is stopped and why. */
export const customerStrikesSchema = z.object({
  strikes: z.array(strikeSchema.extend({ removable: z.boolean() })),
  blocked: z.string().nullable(),
});
export type CustomerStrikes = z.infer<typeof customerStrikesSchema>;
export const customerStrikesParamsSchema = z.object({ customerId: databaseId('The customer') });

/** GET /api/my-account/booking-block: why the customer may not book online now and until when (null: they may). */
export const myBookingBlockSchema = z.object({ blocked: z.string().nullable() });
export type MyBookingBlock = z.infer<typeof myBookingBlockSchema>;

export type MarkBody = z.infer<typeof markBodySchema>;
export type RemoveStrikeBody = z.infer<typeof removeStrikeBodySchema>;
