import { z } from 'zod';
import { packageUseSchema } from './packages.ts';
import { bookingCancellationSchema } from './activity-answers.ts';
import { moneySchema } from './membership.ts';
import { collectionToComeSchema } from './direct-debit.ts';
import { heldFreezeSchema } from './membership-freeze.ts';

/** The My account lists (GET /api/my-account/*): the logged-in customer's own things. */

export const heldMembershipStatuses = [
  'pending',
  'pending_eligibility',
  'active',
  'ended',
  'cancelled',
] as const;

export const heldMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  categories: z.array(z.string()),
  status: z.enum(heldMembershipStatuses),
  statusLabel: z.string(),
  startDate: z.string(),
  prettyStartDate: z.string(),
  endDate: z.string().nullable(),
  prettyEndDate: z.string().nullable(),
  billingDay: z.number().int().nullable(),
  paymentType: z.enum(['recurring', 'fixed']),
  fixedDuration: z.number().int().nullable(),
  fixedPeriod: z.string().nullable(),
  price: moneySchema,
  homeVenue: z.object({ name: z.string(), slug: z.string() }),
  /** a failed Direct Debit mandate or collection for this membership */
  paymentProblem: z.object({ code: z.string(), label: z.string() }).nullable(),
  /** a freeze not yet over (issue 22 item 3) */
  freeze: heldFreezeSchema.nullable(),
  /** a monthly membership that is active, not being cancelled and not already frozen */
  canFreeze: z.boolean(),
  /** a price change the member was told of, not yet in effect (issue 22 item 5) */
  priceChange: z
    .object({ price: moneySchema, firstDate: z.string(), prettyFirstDate: z.string() })
    .nullable(),
  /** the next Direct Debit collection as the collection engine will take it (issue 33 item 1) */
  nextCollection: collectionToComeSchema.nullable().optional(),
  /** the member cancelled it (issue 22): with notice it runs to its end date */
  cancelKind: z.enum(['notice', 'cooling_off']).nullable(),
  /** who holds it, when it is one of the customer's dependants (family accounts): shown, not managed here */
  memberName: z.string().optional(),
});
export type HeldMembership = z.infer<typeof heldMembershipSchema>;

export const heldPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  venueName: z.string(),
  totalUses: z.number().int(),
  remainingUses: z.number().int(),
  expiresOn: z.string(),
  prettyExpiresOn: z.string(),
  expired: z.boolean(),
  /** what it pays for, in words ("" for a package bought at a centre's desk) */
  covers: z.string(),
  /** the bookings that used it and what happened to them, oldest first (decision 0049) */
  history: z.array(packageUseSchema),
});
export type HeldPackage = z.infer<typeof heldPackageSchema>;

export const bookingSchema = z.object({
  id: z.number().int(),
  activityName: z.string(),
  venueName: z.string(),
  startsAt: z.string(),
  prettyStartsAt: z.string(),
  status: z.enum(['booked', 'cancelled', 'attended', 'missed']),
  price: moneySchema,
  upcoming: z.boolean(),
  // a booking of a session (issue 17); rows from before sessions existed have nulls
  sessionId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  endsAt: z.string(),
  /** "Tue 24 Nov 2026, 18:00 to 18:45" */
  when: z.string(),
  locationName: z.string().nullable(),
  quantity: z.number().int(),
  cancellation: bookingCancellationSchema.nullable(),
  /** who attends, when it is one of the customer's dependants (family accounts) */
  attendeeName: z.string().optional(),
  /** a guest brought with a guest pass (decision 0050), else null */
  guestName: z.string().nullable(),
  /** cancelled by the centre, with the reason it gave (issue 35 item 3, decision 0095) */
  cancelledByCentre: z.object({ reason: z.string() }).optional(),
  /** the note the customer gave the instructor when booking (decision 0101), else null */
  note: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Upcoming (soonest first) and past (most recent first) bookings. */
export const bookingsSchema = z.object({ upcoming: z.array(bookingSchema), past: z.array(bookingSchema) });
export type Bookings = z.infer<typeof bookingsSchema>;

/** A paid order on the Payments page, and its receipt. */
export const paymentSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  date: z.string(),
  prettyDate: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'refunded']),
  venueName: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  total: moneySchema,
  tax: moneySchema,
  items: z.array(z.object({ type: z.string(), description: z.string(), price: moneySchema })),
});
export type Payment = z.infer<typeof paymentSchema>;
