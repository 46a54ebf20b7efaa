import { z } from 'zod';
import { positiveId } from './common.ts';

/**
 * Waiting lists (issue 18 item 5, decision 0052): a full session's queue. An entry is `waiting`
 * (with its place in the queue) or `offered` (a freed place kept for the customer until
 * `offerExpiresAt`, to book through the basket as usual).
 */
/** A saved card as the waiting list names it: "Visa ending 4242". */
export const waitingListCardSchema = z.object({ cardType: z.string(), lastFourDigits: z.string() });
export type WaitingListCard = z.infer<typeof waitingListCardSchema>;

export const waitingListEntrySchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  activityName: z.string(),
  venueName: z.string(),
  venueSlug: z.string(),
  locationName: z.string(),
  startsAt: z.string(),
  /** "Tue 24 Nov 2026, 18:00 to 18:45" in the operator's time zone */
  when: z.string(),
  status: z.enum(['waiting', 'offered']),
  /** 1 for the first in line; null once offered */
  position: z.number().int().nullable(),
  /** "You are 3rd on the waiting list" or "Place offered until Tue 24 Nov, 14:30" */
  statusText: z.string(),
  offerExpiresAt: z.string().nullable(),
  /** booked by itself when a place frees and costs nothing */
  autoBook: z.boolean(),
  /** the saved card agreed to pay for the automatic booking otherwise (decision 0054), if any */
  payWithSavedCard: waitingListCardSchema.nullable(),
});
export type WaitingListEntry = z.infer<typeof waitingListEntrySchema>;

/** GET /api/activities/sessions/{sessionId}/waiting-list: the customer's entry, if any. */
export const sessionWaitingListSchema = z.object({
  entry: waitingListEntrySchema.nullable(),
  /** the saved card an automatic booking could be paid with (not expired), offered when joining */
  savedCard: waitingListCardSchema.nullable(),
  /** how many hours a freed place is kept for the customer it is offered to (issue 34 item 4) */
  offerHours: z.number().int().positive(),
});
export type SessionWaitingList = z.infer<typeof sessionWaitingListSchema>;

/** POST /api/activities/sessions/{sessionId}/waiting-list */
export const joinWaitingListSchema = z.strictObject({
  autoBook: z.boolean({ error: 'autoBook must be true or false.' }).optional(),
  /** the customer agrees their saved card pays when no benefit does (it implies `autoBook`) */
  payWithSavedCard: z.boolean({ error: 'payWithSavedCard must be true or false.' }).optional(),
});

/** On the staff site: only the customer can agree that their saved card pays (decision 0058). */
export const staffCannotUseSavedCardMessage =
  'Only the customer can agree that their saved card pays for a place automatically: they can choose it themselves when they join the waiting list online.';
export const noSavedCardMessage =
  'You have no saved card that can pay for a place: join without paying automatically.';
export type JoinWaitingList = z.infer<typeof joinWaitingListSchema>;

/** GET /api/my-account/waiting-lists */
export const waitingListsSchema = z.array(waitingListEntrySchema);

/** DELETE /api/my-account/waiting-lists/{entryId} */
export const waitingListParamsSchema = z.object({ entryId: positiveId('The waiting list entry') });

export const leftWaitingListMessage = 'You have left the waiting list.';
export const leftWaitingListSchema = z.object({ message: z.string() });
export type LeftWaitingList = z.infer<typeof leftWaitingListSchema>;
