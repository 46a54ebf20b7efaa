import { z } from 'zod';
import { isoDate, key, text, wholeNumber } from './catalogue-fields.ts';
import { positiveId } from './common.ts';

/**
 * Announced booking openings and their fair queue (issue 39, decision 0094). An opening names the
 * sessions it gates; before `opensAt` they can't be booked, and from then until `gateEndsAt` only
 * customers let in from the queue can put them in a basket. Everyone in the waiting room by
 * `opensAt` gets a random place at that moment; later arrivals join the back.
 */
export const bookingOpeningSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** when the waiting room lets people in to wait */
  lobbyOpensAt: z.string(),
  opensAt: z.string(),
  gateEndsAt: z.string(),
  /** "Booking opens Monday 11 January at 07:00", in the operator's time zone */
  opensText: z.string(),
  state: z.enum(['announced', 'lobby', 'open', 'ended']),
  /** which sessions it gates: an activity and/or a centre (null: any), sessions on these dates */
  gates: z.object({
    activityId: z.number().int().nullable(),
    venueId: z.number().int().nullable(),
    sessionsFrom: z.string(),
    sessionsTo: z.string(),
  }),
});
export type BookingOpening = z.infer<typeof bookingOpeningSchema>;

/** GET /api/booking-openings: the openings announced and not yet over. */
export const bookingOpeningsSchema = z.array(bookingOpeningSchema);

export const bookingOpeningParamsSchema = z.object({ openingId: positiveId('The booking opening') });

/**
 * The customer's place in an opening's queue (GET and POST /api/booking-openings/{id}/queue).
 * `waiting` before the opening has no position yet (the draw happens at the opening moment);
 * after it, `position` 1 is next. `admitted` until `admittedUntil`, which each use of the
 * admission moves on; `lapsed` when it ran out, in which case joining again puts the customer at
 * the back.
 */
export const queuePlaceSchema = z.object({
  opening: bookingOpeningSchema,
  status: z.enum(['waiting', 'admitted', 'lapsed']),
  /** 1 for the next to be let in; null before the opening, or once admitted */
  position: z.number().int().nullable(),
  /** an honest estimate of the wait in seconds at the rate people are being let in; null when unknown */
  estimatedWaitSeconds: z.number().int().nullable(),
  admittedUntil: z.string().nullable(),
  /** how soon to ask again, in seconds: longer when the wait is long */
  checkAgainSeconds: z.number().int(),
  /**
   * places still on sale in the sessions the opening gates (held in baskets counts as taken, so some
   * may come back); null before the opening
   */
  placesLeft: z.number().int().nullable(),
});
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

export const notInQueueMessage = 'You are not in the queue for this opening.';
export const queueClosedMessage = 'This opening has no queue now.';
export const waitingRoomOpenMessage =
  'The waiting room for this opening is already open: go to it now to get your place.';
export const lobbyNotOpenMessage = 'The waiting room for this opening is not open yet.';

/** A time of day to the minute, or to the second (an opening may be set to the second). */
const openingTime = z
  .string({ error: 'must be a time such as 07:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'must be a time such as 07:00 (24-hour clock)' });

/**
 * An announced opening as the catalogue file's `openings:` section and the staff site give it
 * (issue 39 item 1, decision 0098): one schema for both. Times are the operator's local time.
 */
export const openingEntrySchema = z
  .strictObject({
    key,
    name: text.max(120, { error: 'must be at most 120 characters' }),
    /** the activity's key; none: every activity (at the centre, if one is given) */
    activity: key.optional(),
    /** the centre's slug; none: every centre */
    venue: key.optional(),
    sessionsFrom: isoDate,
    sessionsTo: isoDate,
    opensOn: isoDate,
    opensAt: openingTime,
    /** how long before the opening the waiting room lets people in */
    waitingRoomMinutes: wholeNumber(0, 240).default(15),
    /** how long after the opening places are given out in turn; then ordinary sale */
    queueMinutes: wholeNumber(5, 1440).default(120),
    /** how long someone let in may do nothing before the turn passes on */
    idleMinutes: wholeNumber(1, 30).default(3),
    /** the operator's ceiling on people let in a minute; the measured rate decides below it */
    letInPerMinute: wholeNumber(1, 60_000).optional(),
  })
  .refine((entry) => entry.sessionsFrom <= entry.sessionsTo, {
    path: ['sessionsTo'],
    error: 'must not be before sessionsFrom',
  })
  .refine((entry) => entry.activity !== undefined || entry.venue !== undefined, {
    path: ['activity'],
    error: 'an opening names an activity, a venue or both',
  });
export type OpeningEntry = z.infer<typeof openingEntrySchema>;

/** POST /api/booking-openings/{id}/reminder: the customer is emailed when the waiting room opens. */
export const openingReminderSchema = z.strictObject({
  reminding: z.boolean({ error: 'reminding must be true or false.' }),
});
export type OpeningReminder = z.infer<typeof openingReminderSchema>;

/** The words each field of an opening is named by in the staff site's form and its errors. */
export const openingFieldLabels = {
  key: 'Key',
  name: 'Name',
  activity: 'Activity',
  venue: 'Centre',
  sessionsFrom: 'Sessions from',
  sessionsTo: 'Sessions to',
  opensOn: 'Booking opens on',
  opensAt: 'Booking opens at',
  waitingRoomMinutes: 'Waiting room opens (minutes before)',
  queueMinutes: 'Places given out in turn for (minutes)',
  idleMinutes: 'Turn passes after (minutes idle)',
  letInPerMinute: 'Most people let in a minute',
} as const satisfies Record<keyof OpeningEntry, string>;

/** An opening as a manager sees it in the staff site (issue 39 item 1, decision 0098). */
export const staffOpeningSchema = z.object({
  entry: z.object({
    key: z.string(),
    name: z.string(),
    activity: z.string().optional(),
    venue: z.string().optional(),
    sessionsFrom: z.string(),
    sessionsTo: z.string(),
    opensOn: z.string(),
    opensAt: z.string(),
    waitingRoomMinutes: z.number().int(),
    queueMinutes: z.number().int(),
    idleMinutes: z.number().int(),
    letInPerMinute: z.number().int().optional(),
  }),
  opening: bookingOpeningSchema,
  activityName: z.string().nullable(),
  centreName: z.string().nullable(),
  /** people in the queue now, let in so far, and asking for a reminder */
  waiting: z.number().int(),
  admitted: z.number().int(),
  reminders: z.number().int(),
  /** the manager may change or withdraw it: before its waiting room opens, at a centre they run */
  editable: z.boolean(),
});
export type StaffOpening = z.infer<typeof staffOpeningSchema>;

/** GET /api/staff/booking-openings: the openings, and what the form chooses from. */
export const staffOpeningsSchema = z.object({
  openings: z.array(staffOpeningSchema),
  activities: z.array(z.object({ key: z.string(), name: z.string() })),
  centres: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type StaffOpenings = z.infer<typeof staffOpeningsSchema>;

/** POST /api/staff/booking-openings: an opening announced or changed, checked as the file's entry is. */
export const announceOpeningBodySchema = z.strictObject({ opening: z.unknown() });
export type AnnounceOpeningBody = z.input<typeof announceOpeningBodySchema>;
export const openingKeyParamsSchema = z.object({ key });
