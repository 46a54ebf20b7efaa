import { z } from 'zod';
import { weekdayNames, weeklySeriesSchema } from '@lido/contracts/timetable';
import { key, pence, text, waiverWording } from './catalogue-fields.schema.ts';

/**
 * The activity sections of an operator's catalogue file: booking settings, activity categories,
 * activities with their prices per band, the rooms, pools and courts at each centre, and the weekly
 * schedules that generate dated sessions. Times are the operator's local time (HH:MM).
 * See apps/server/catalogue/README.md.
 */

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });
const clockTime = z
  .string({ error: 'must be a time such as 09:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time such as 09:30 (24-hour clock)' });
const yesNo = z.boolean({ error: 'must be true or false' });

export { weekdayNames };
export const priceBands = ['adult', 'junior', 'concession', 'member'] as const;
export const locationKinds = ['room', 'studio', 'pool', 'court', 'wall', 'hall'] as const;

const bookingSettingsSchema = z.strictObject({
  /** how long a place stays held in a basket */
  basketHoldMinutes: wholeNumber(1, 120).default(15),
  /** where the money of a cancelled booking goes */
  refundMethod: z.enum(['credit', 'card'], { error: 'must be credit or card' }).default('credit'),
  /** where the money goes when the centre cancels a session: `card` gives it back the way it was paid (decision 0095) */
  centreCancellationRefundMethod: z
    .enum(['credit', 'card'], { error: 'must be credit or card' })
    .default('card'),
  /** the time of day a booking window opens, e.g. 08:00 seven days before a session */
  windowOpensAt: clockTime.default('08:00'),
  /** members may bring guests with their guest passes online, and see them in My account (decision 0050) */
  onlineGuestPassesEnabled: yesNo.default(false),
  /** how long a freed place is kept for the first on a session's waiting list (decision 0052) */
  waitingListOfferHours: wholeNumber(1, 72).default(2),
});

/** The operator's rules for members who cancel, cool off, freeze or miss a payment (issue 22). */
export const membershipRulesSchema = z.strictObject({
  /** whole months of notice from the next billing date */
  cancellationNoticeMonths: wholeNumber(0, 3).default(1),
  /** days after joining or renewing in which a member may cancel with a refund (the law's 14 at least) */
  coolingOffDays: wholeNumber(14, 60).default(14),
  freezeMinMonths: wholeNumber(1, 12).default(1),
  freezeMaxMonths: wholeNumber(1, 12).default(3),
  /** days' notice before a freeze may start */
  freezeNoticeDays: wholeNumber(0, 60).default(7),
  /** charged for each frozen month instead of the price; 0 for none */
  freezeMonthlyFeePence: pence.default(0),
  /** re-present a failed Direct Debit collection once (Bacs allows one re-presentation) */
  failedPaymentRetry: yesNo.default(true),
  /** whether money owed stops a member booking */
  outstandingBalanceBlocksBooking: yesNo.default(false),
  /** days before a single-payment membership ends that its renewal reminder is sent */
  renewalReminderDays: wholeNumber(1, 60).default(14),
  /** calendar days' notice of a change of price; Direct Debit's 10 working days are given as well */
  priceChangeNoticeDays: wholeNumber(10, 90).default(30),
});

/**
 * The desk's limits (issue 40, decision 0072): the most cash taken for one payment and the most
 * change given, so a slip of the keyboard is refused; and whether vouchers from outside Lido are taken.
 */
export const deskRulesSchema = z.strictObject({
  maxCashTenderedPence: wholeNumber(100, 10_000_000).default(200_000),
  maxChangePence: wholeNumber(0, 1_000_000).default(10_000),
  otherVouchersAccepted: yesNo.default(true),
});

const activityCategory = z.strictObject({ key, name: text });

const price = z.strictObject({
  band: z.enum(priceBands, { error: `must be one of ${priceBands.join(', ')}` }),
  pricePence: pence,
  /** how many days ahead this band may book */
  bookingWindowDays: wholeNumber(0, 90),
});

const activity = z
  .strictObject({
    key,
    name: text,
    category: key,
    kind: z.enum(['session', 'facility'], { error: 'must be session or facility' }).default('session'),
    description: z.string({ error: 'must be text' }).default(''),
    minAge: wholeNumber(0, 120).optional(),
    maxAge: wholeNumber(0, 120).optional(),
    waiverRequired: yesNo.default(false),
    waiverText: waiverWording.default(''),
    cancellationCutoffMinutes: wholeNumber(0, 10_080).default(120),
    prices: z.array(price).min(1, { error: 'needs at least one price band' }),
    /** its concept in the OpenActive Activity List, for the open data feeds */
    openActiveActivity: z
      .strictObject({
        id: z
          .string()
          .regex(/^https:\/\/openactive\.io\/activity-list#[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/, {
            error:
              'must be an OpenActive Activity List id, such as https://openactive.io/activity-list#c0360db0-a817-4bae-9167-40f89b49fc9e',
          }),
        prefLabel: text,
      })
      .optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.minAge !== undefined && entry.maxAge !== undefined && entry.minAge > entry.maxAge) {
      ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'must not be below minAge' });
    }
    if (entry.waiverRequired && entry.waiverText.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['waiverText'],
        message: 'an activity that requires a waiver needs its text',
      });
    }
    const seen = new Set<string>();
    entry.prices.forEach((band, index) => {
      if (seen.has(band.band))
        ctx.addIssue({ code: 'custom', path: ['prices', index, 'band'], message: 'is priced twice' });
      seen.add(band.band);
    });
  });

const location = z.strictObject({
  venue: key,
  key,
  name: text,
  kind: z.enum(locationKinds, { error: `must be one of ${locationKinds.join(', ')}` }),
});

/** A weekly schedule: the staff site's weekly series, one schema for both (decision 0092). */
const schedule = weeklySeriesSchema;

/** The activity sections, merged into the catalogue file's schema. */
export const activitySections = {
  bookingSettings: bookingSettingsSchema.optional(),
  activityCategories: z.array(activityCategory).default([]),
  activities: z.array(activity).default([]),
  locations: z.array(location).default([]),
  schedules: z.array(schedule).default([]),
};
