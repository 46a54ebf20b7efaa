import { z } from 'zod';
import { packageUsageSchema } from './packages.ts';
import { appliedBenefitSchema } from './applied-benefit.ts';
import { moneySchema } from './membership.ts';

/**
 * What the activity calls answer (issue 17). Apart from activities.ts so the browser's bundle reads
 * them as types only. Times are ISO instants; dates and clock times are the operator's local ones.
 */

const band = z.enum(['adult', 'junior', 'concession', 'member']);

export const activityCategorySchema = z.object({ key: z.string(), name: z.string() });
export type ActivityCategory = z.infer<typeof activityCategorySchema>;

/**
 * What the attendee pays for one place, and why (issue 33 item 4, decision 0088): a membership
 * benefit or a package may pay for it. The basket applies the same when the place is added.
 */
export const yourPriceSchema = z.object({
  price: moneySchema,
  /** "Included in your Swim Unlimited", "Paid with your 10 Swims"; null at the band's own price */
  because: z.string().nullable(),
});
export type YourPrice = z.infer<typeof yourPriceSchema>;

/** One price band of a session, as the customer may choose it; the id is the `pricingOptionId`. */
export const sessionPriceSchema = z.object({
  id: z.number().int(),
  band,
  label: z.string(),
  price: moneySchema,
  /** false when this customer (or a visitor) cannot book at this band */
  available: z.boolean(),
  /** what a logged-in attendee pays at this band (null for a visitor or a band not open to them) */
  yourPrice: yourPriceSchema.nullable(),
});
export type SessionPrice = z.infer<typeof sessionPriceSchema>;

/**
 * Whether and why a session can be booked now:
 * available, few (5 or fewer left), full, not_yet_open (window opens at `opensAt`), closed_online
 * (book at reception), started (already begun or past), cancelled.
 */
export const sessionAvailabilitySchema = z.object({
  status: z.enum(['available', 'few', 'full', 'not_yet_open', 'closed_online', 'started', 'cancelled']),
  /** "3 spaces left", "Full", "Booking opens Tue 08:00", "Book at reception" … */
  label: z.string(),
  spacesLeft: z.number().int(),
  opensAt: z.string().nullable(),
  bookable: z.boolean(),
});
export type SessionAvailability = z.infer<typeof sessionAvailabilitySchema>;

/** A session in the timetable. A facility hour (courts) is one entry counting its free courts. */
export const timetableSessionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['session', 'facility']),
  activity: z.object({ id: z.number().int(), name: z.string(), category: activityCategorySchema }),
  startsAt: z.string(),
  endsAt: z.string(),
  /** 'YYYY-MM-DD', 'HH:MM' and 'HH:MM' in the operator's time zone */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.number().int(),
  location: z.object({ name: z.string(), kind: z.string() }),
  instructor: z.string().nullable(),
  capacity: z.number().int(),
  availability: sessionAvailabilitySchema,
  /** the price this customer would pay (the cheapest band open to them), null if none is */
  price: moneySchema.nullable(),
  pricingOptionId: z.number().int().nullable(),
  /** what this attendee pays at that band, and why (null for a visitor or when no band is open) */
  yourPrice: yourPriceSchema.nullable(),
  prices: z.array(sessionPriceSchema),
  ageLimit: z.string().nullable(),
  /**
   * Why this attendee may not book the session at all (its age rule), said before any price or
   * button is offered (issue 33 item 5); null when they may, and for a visitor.
   */
  notForThem: z.string().nullable(),
  waiverRequired: z.boolean(),
});
export type TimetableSession = z.infer<typeof timetableSessionSchema>;

export const timetableDaySchema = z.object({
  date: z.string(),
  /** "Tue 24 Nov" */
  label: z.string(),
  sessions: z.array(timetableSessionSchema),
});
export type TimetableDay = z.infer<typeof timetableDaySchema>;

/** GET /api/activities/venues/{slug}/timetable */
export const timetableSchema = z.object({
  venue: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  today: z.string(),
  from: z.string(),
  to: z.string(),
  categories: z.array(activityCategorySchema),
  days: z.array(timetableDaySchema),
  /** the customer cannot book online (outstanding penalties): what to do instead */
  bookingBlocked: z.string().nullable(),
});
export type Timetable = z.infer<typeof timetableSchema>;

/** GET /api/activities/sessions/{sessionId} */
export const sessionDetailsSchema = timetableSessionSchema.extend({
  venue: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  description: z.string(),
  waiverText: z.string(),
  /** "Cancel up to 2 hours before the start for a refund." */
  cancellationPolicy: z.string(),
  bookingBlocked: z.string().nullable(),
});
export type SessionDetails = z.infer<typeof sessionDetailsSchema>;

/** A booking line in the basket (cart item type `booking`). */
export const cartBookingItemSchema = z.object({
  id: z.number().int(),
  type: z.literal('booking'),
  /** the session */
  objectId: z.number().int(),
  pricingOptionId: z.number().int(),
  purchasedForUserId: z.number().int(),
  /** the attendee's name when it is one of the customer's dependants (family accounts) */
  purchasedForName: z.string().optional(),
  name: z.string(),
  description: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(z.string()),
  options: z.object({ quantity: z.number().int() }),
  session: z.object({
    id: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** "Tue 24 Nov 2026, 18:00 to 18:45" */
    when: z.string(),
    location: z.string(),
    instructor: z.string().nullable(),
  }),
  priceBand: z.object({ band, label: z.string() }),
  unitPrice: moneySchema,
  price: moneySchema,
  /** the membership benefit paying for one place, null when none does (issue 18) */
  benefit: appliedBenefitSchema.nullable().optional(),
  /** the place is held for this customer until then (ISO) */
  heldUntil: z.string(),
  waiverRequired: z.boolean(),
  waiverText: z.string(),
  /** the package whose use pays for this line (decision 0049), or null */
  packageUsage: packageUsageSchema.nullable(),
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
  /** a guest's line, paid for by a guest pass (decision 0050): the guest's name; else null */
  guestName: z.string().nullable(),
  /** the customer's note for the instructor (decision 0101), else null */
  note: z.string().nullable(),
  /**
   * What to know before paying (issue 33 item 6, decision 0088), each naming whom the place is
   * for: the session is inside its cancellation cut-off (once paid it can't be cancelled); the
   * same person already has a booking on it; several places are booked under one person's name.
   */
  warnings: z.array(
    z.object({
      kind: z.enum(['inside_cutoff', 'already_booked', 'several_places']),
      text: z.string(),
    }),
  ),
});
export type CartBookingItem = z.infer<typeof cartBookingItemSchema>;

/** A booking item of an order (joining spec §3 Order, "Booking item"). */
export const orderBookingItemSchema = z.object({
  type: z.literal('booking'),
  bookingId: z.number().int(),
  name: z.string(),
  priceBreakdown: z.object({ decimal: z.string() }),
  related: z.object({
    simpleName: z.string(),
    id: z.number().int(),
    category: z.string(),
    venue: z.string(),
    venueType: z.string(),
  }),
  quantity: z.number().int(),
  /** the price band's label */
  variant: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  when: z.string(),
  location: z.string(),
  total: moneySchema,
});
export type OrderBookingItem = z.infer<typeof orderBookingItemSchema>;

/** Whether a booking can still be cancelled, and what the customer gets back. */
export const bookingCancellationSchema = z.object({
  allowed: z.boolean(),
  /** why not, when not: "Bookings can be cancelled up to 2 hours before the start." */
  reason: z.string().nullable(),
  cancelBefore: z.string().nullable(),
  refund: moneySchema,
  refundMethod: z.enum(['credit', 'card']),
  /** "£6.50 will be added to your account credit." */
  refundText: z.string(),
});
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;

/** The answer for a session that does not exist or is no longer on sale (404). */
export const sessionNotFound = 'This session could not be found.';
