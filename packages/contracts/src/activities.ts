import { z } from 'zod';
import { timesOfDay } from './activity-labels.ts';
import { positiveId, slugSchema } from './common.ts';
import { calendarDate, wholeNumber } from './limits.ts';

/**
 * Activity booking's requests (issue 17, decision 0028): the timetable, a session, and a booking
 * line's options in the basket. The browser loads this file; answers are in activity-answers.ts.
 */

export { priceBandLabels, priceBands, timeOfDayLabels, timesOfDay } from './activity-labels.ts';
export type { PriceBandName, TimeOfDay } from './activity-labels.ts';

/** GET /api/activities/venues/{slug}/timetable: one week from `from` (default today). */
export const timetableParamsSchema = z.object({ slug: slugSchema });
export const timetableQuerySchema = z.object({
  from: calendarDate('The first day').optional(),
  days: wholeNumber('The number of days', 1, 14).optional(),
  category: slugSchema.optional(),
  timeOfDay: z
    .enum(timesOfDay, { error: 'The time of day must be morning, afternoon or evening.' })
    .optional(),
});

/** GET /api/activities/sessions/{sessionId} */
export const sessionParamsSchema = z.object({ sessionId: positiveId('The session') });

/** GET /api/activities/sessions/{id}?selected_user_id: prices and rules for one of the family (decision 0051). */
export const sessionQuerySchema = z.object({ selectedUserId: positiveId('The selected user').optional() });

/** A booking line's options in POST {checkout}/add and PUT {checkout}/{cartItemId}. */
/** The longest note a customer may leave for the instructor (decision 0101). */
export const bookingNoteMaxLength = 200;

/**
 * Any control character (NUL, line breaks, tabs, DEL and the C1 range), Unicode's line and
 * paragraph separators, and the direction overrides that would show the note's words in another
 * order on the register: a note is one line of plain text.
 */
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A note the customer gives when booking ("Anything the instructor should know?", decision 0101):
 * optional plain text of one line, at most 200 characters once trimmed. Blank is no note.
 */
export const bookingNoteSchema = z
  .string({ error: 'The note must be text.' })
  .refine((note) => !controlCharacter.test(note), {
    error: 'The note must be plain text on one line: remove line breaks, tabs and other control characters.',
  })
  .transform((note) => note.trim())
  .refine((note) => note.length <= bookingNoteMaxLength, {
    error: `The note can be at most ${bookingNoteMaxLength} characters.`,
  })
  .transform((note) => (note === '' ? undefined : note));

export const bookingItemOptionsSchema = z.strictObject({
  quantity: wholeNumber('The number of places', 1, 10, {
    tooSmall: 'Book at least 1 place.',
    tooLarge: 'Book at most 10 places at a time.',
  }).optional(),
  /** Lido's addition to the spec's "extra options" (decision 0101): a note for the instructor */
  note: bookingNoteSchema.optional(),
});

/** GET /api/my-account/bookings/{bookingId} and POST …/{bookingId}/cancel */
export const bookingParamsSchema = z.object({ bookingId: positiveId('The booking') });

/**
 * The waivers the customer accepted before paying (issue 17): one entry per booking line whose
 * activity needs a waiver (`attendeeWaiversRequired`), naming the basket line by its id, either as
 * `{ "cart_item_id": 123 }` or as the bare id `123`. Authorise (a card) and complete (credit or
 * nothing to pay) need every such line listed; the booking stores who accepted it and when.
 */
export const completedWaiversSchema = z
  .array(
    z.union([positiveId('A waiver'), z.strictObject({ cartItemId: positiveId('A waiver') })], {
      error: 'A waiver must name its basket item: { "cart_item_id": id }.',
    }),
    { error: 'Waivers must be a list.' },
  )
  .max(50);
export type CompletedWaivers = z.infer<typeof completedWaiversSchema>;

/** The basket line ids a list of completed waivers names. */
export const waiverLineIds = (waivers: CompletedWaivers | undefined): Set<number> =>
  new Set((waivers ?? []).map((waiver) => (typeof waiver === 'number' ? waiver : waiver.cartItemId)));

export type * from './activity-answers.ts';
