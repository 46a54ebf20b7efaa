import { z } from 'zod';
import { priceBands } from './activity-labels.ts';
import {
  clockTime,
  isoDate,
  key,
  pence,
  text,
  waiverWording,
  wholeNumber,
  yesNo,
} from './catalogue-fields.ts';

/**
 * The timetable a manager runs on the staff site (issue 35 item 2, decision 0092). A weekly series
 * is exactly a catalogue file's `schedules` entry: this one schema checks both, so a series saved in
 * the staff site validates as the file does and `npm run catalogue:export` writes it back unchanged.
 * Not in the specification ("Staff capabilities: not shown"): the API shapes are Lido's.
 */

export const weekdayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/**
 * A series' own price of one of its activity's bands (decision 0100): the amount and how many days
 * ahead the band may book, as the activity's `prices` entries give them.
 */
export const seriesPriceSchema = z.strictObject({
  band: z.enum(priceBands, { error: `must be one of ${priceBands.join(', ')}` }),
  pricePence: pence,
  bookingWindowDays: wholeNumber(0, 90),
});
export type SeriesPrice = z.infer<typeof seriesPriceSchema>;

/** Who leads a session, as the timetable and register show it. */
const instructorName = text.max(100, { error: 'must be at most 100 characters' });

/** A weekly series: one entry of the catalogue file's `schedules` section. */
export const weeklySeriesSchema = z
  .strictObject({
    key,
    activity: key,
    venue: key,
    /** where a session activity happens */
    location: key.optional(),
    /** the courts a facility lets, one session per court per start time */
    courts: z.array(key).min(1, { error: 'lists at least one court' }).optional(),
    days: z
      .array(z.enum(weekdayNames, { error: `must be one of ${weekdayNames.join(', ')}` }))
      .min(1, { error: 'lists at least one day' }),
    times: z.array(clockTime).min(1, { error: 'lists at least one start time' }),
    durationMinutes: wholeNumber(5, 1440),
    /** places per session; for a facility, places per court (1 unless told) */
    capacity: z
      .number({ error: 'must be a whole number of places' })
      .int({ error: 'must be a whole number of places' })
      .min(1, { error: 'must be at least 1 place' })
      .max(10_000, { error: 'must be at most 10000 places' })
      .optional(),
    instructor: instructorName.optional(),
    onlineBooking: yesNo.default(true),
    validFrom: isoDate.optional(),
    validTo: isoDate.optional(),
    /** the series' own booking rules (decision 0100): each absent is the activity's, named as the activity names it */
    minAge: wholeNumber(0, 120).optional(),
    maxAge: wholeNumber(0, 120).optional(),
    waiverRequired: yesNo.optional(),
    waiverText: text.pipe(waiverWording).optional(),
    cancellationCutoffMinutes: wholeNumber(0, 10_080).optional(),
    /** bands of the activity priced differently for this series; bands not listed keep the activity's */
    prices: z.array(seriesPriceSchema).min(1, { error: 'lists at least one price band' }).optional(),
  })
  .superRefine((entry, ctx) => {
    const bands = (entry.prices ?? []).map((price) => price.band);
    const twice = bands.findIndex((band, index) => bands.indexOf(band) !== index);
    if (twice >= 0)
      ctx.addIssue({ code: 'custom', path: ['prices', twice, 'band'], message: 'is priced twice' });
    if (entry.minAge !== undefined && entry.maxAge !== undefined && entry.minAge > entry.maxAge) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAge'],
        message: 'must not be below the youngest age (minAge)',
      });
    }
    if (entry.waiverRequired === true && entry.waiverText === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['waiverText'],
        message: 'must be given when a waiver is required (waiverRequired: true)',
      });
    }
    if (entry.waiverText !== undefined && entry.waiverRequired !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['waiverText'],
        message: 'is only given when a waiver is required (waiverRequired: true)',
      });
    }
    if (entry.location === undefined && entry.courts === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['location'],
        message: 'needs a location (or courts, for a facility)',
      });
    }
    if (entry.location !== undefined && entry.courts !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['courts'], message: 'give a location or courts, not both' });
    }
    if (entry.validFrom && entry.validTo && entry.validFrom > entry.validTo) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before validFrom' });
    }
    const repeated = (values: string[]) =>
      values.findIndex((value, index) => values.indexOf(value) !== index);
    const day = repeated(entry.days);
    if (day >= 0) ctx.addIssue({ code: 'custom', path: ['days', day], message: 'is listed twice' });
    const time = repeated(entry.times);
    if (time >= 0) ctx.addIssue({ code: 'custom', path: ['times', time], message: 'is listed twice' });
    const court = repeated(entry.courts ?? []);
    if (court >= 0) ctx.addIssue({ code: 'custom', path: ['courts', court], message: 'is listed twice' });
  });
export type WeeklySeries = z.infer<typeof weeklySeriesSchema>;
/** A series as sent, before defaults (onlineBooking) are filled in. */
export type WeeklySeriesInput = z.input<typeof weeklySeriesSchema>;

/** A series as the manager's timetable lists it. */
export const seriesViewSchema = z.object({
  series: z.object({
    key: z.string(),
    activity: z.string(),
    venue: z.string(),
    location: z.string().optional(),
    courts: z.array(z.string()).optional(),
    days: z.array(z.enum(weekdayNames)),
    times: z.array(z.string()),
    durationMinutes: z.number().int(),
    capacity: z.number().int().optional(),
    instructor: z.string().optional(),
    onlineBooking: z.boolean(),
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
    minAge: z.number().int().optional(),
    maxAge: z.number().int().optional(),
    waiverRequired: z.boolean().optional(),
    waiverText: z.string().optional(),
    cancellationCutoffMinutes: z.number().int().optional(),
    prices: z
      .array(
        z.object({
          band: z.enum(priceBands),
          pricePence: z.number().int(),
          bookingWindowDays: z.number().int(),
        }),
      )
      .optional(),
  }),
  activityName: z.string(),
  centreName: z.string(),
  placeName: z.string(),
  /** retired series stop making sessions; they are listed so a manager sees what ended */
  active: z.boolean(),
  /** what the manager saw: a save naming an older version is refused (two managers at once) */
  version: z.string(),
  /** dated sessions still to come, and how many of them have places booked or held */
  upcomingSessions: z.number().int(),
  upcomingWithBookings: z.number().int(),
});
export type SeriesView = z.infer<typeof seriesViewSchema>;

/** GET /api/staff/timetable: the manager's centres, what may be put on, and its series. */
export const staffTimetableSchema = z.object({
  centres: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      places: z.array(z.object({ key: z.string(), name: z.string(), kind: z.string() })),
    }),
  ),
  activities: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      kind: z.enum(['session', 'facility']),
      /** its own price bands, which a series may price its own way (decision 0100) */
      prices: z
        .array(
          z.object({
            band: z.enum(priceBands),
            pricePence: z.number().int(),
            bookingWindowDays: z.number().int(),
          }),
        )
        .optional(),
    }),
  ),
  series: z.array(seriesViewSchema),
});
export type StaffTimetable = z.infer<typeof staffTimetableSchema>;

/** POST /api/staff/timetable/series: a new weekly series. */
export const newSeriesBodySchema = z.strictObject({ series: z.unknown() });

/** PUT /api/staff/timetable/series/:key: a changed series, and whether sessions already made change too. */
export const changeSeriesBodySchema = z.strictObject({
  series: z.unknown(),
  version: z.string({ error: 'The version you changed is missing: reload the timetable.' }).max(100),
  applyToGenerated: z.boolean({ error: 'Say whether sessions already on the timetable change too.' }),
});

/** POST /api/staff/timetable/series/:key/retire */
export const retireSeriesBodySchema = z.strictObject({
  version: z.string({ error: 'The version you retired is missing: reload the timetable.' }).max(100),
});

export type NewSeriesBody = z.input<typeof newSeriesBodySchema>;
export type ChangeSeriesBody = z.input<typeof changeSeriesBodySchema>;
export type RetireSeriesBody = z.input<typeof retireSeriesBodySchema>;

export const seriesKeyParamsSchema = z.object({ key });

/** What a save did, for the manager's confirmation. */
export const seriesSavedSchema = z.object({
  series: seriesViewSchema,
  sessionsCreated: z.number().int(),
  sessionsChanged: z.number().int(),
  sessionsRemoved: z.number().int(),
  /** bookers emailed because their session's time, place or instructor changed */
  bookersTold: z.number().int(),
});
export type SeriesSaved = z.infer<typeof seriesSavedSchema>;

/** POST /api/staff/timetable/sessions: a one-off session, not part of any series. */
export const oneOffSessionBodySchema = z.strictObject({
  activity: key,
  venue: key,
  location: key,
  date: isoDate,
  time: clockTime,
  durationMinutes: wholeNumber(5, 1440),
  capacity: wholeNumber(1, 10_000),
  instructor: instructorName.optional(),
  onlineBooking: yesNo.default(true),
});
export type OneOffSessionBody = z.input<typeof oneOffSessionBodySchema>;
export const oneOffSessionSavedSchema = z.object({ sessionId: z.number().int(), startsAt: z.string() });
export type OneOffSessionSaved = z.infer<typeof oneOffSessionSavedSchema>;
