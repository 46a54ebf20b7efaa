import { z } from 'zod';
import { clockTime, isoDate, key, pence, text, wholeNumber } from './catalogue-fields.ts';

/**
 * The catalogue file's course sections (issue 36, decision 0105): `courseProgrammes` with their
 * ordered levels, `courseTerms` and `courses`. One schema for the file and, in a later slice, the
 * staff site's course form, as the weekly series share one (decision 0092). The words are the
 * file's: each problem is reported after its path.
 */

export const courseDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A date, or the dates from `from` to `to` (both included), on which no lesson runs. */
export const courseSkipSchema = z.union(
  [
    isoDate,
    z
      .strictObject({ from: isoDate, to: isoDate })
      .refine((skip) => skip.from <= skip.to, { path: ['to'], error: 'must not be before from' }),
  ],
  { error: 'must be a date such as 2027-02-15, or { from: 2027-02-13, to: 2027-02-21 }' },
);
export type CourseSkipEntry = z.infer<typeof courseSkipSchema>;

const courseLevelSchema = z.strictObject({
  key,
  name: text,
  /** who the level is for, in the programme's own words ("Which stage is my child?") */
  whoFor: z
    .string({ error: 'must be text' })
    .max(2000, { error: 'must be at most 2,000 characters' })
    .default(''),
  /** what a pupil can do to complete the level */
  outcomes: z.array(text.max(300, { error: 'must be at most 300 characters' })).default([]),
});

export const courseProgrammeEntrySchema = z.strictObject({
  key,
  name: text,
  description: z
    .string({ error: 'must be text' })
    .max(5000, { error: 'must be at most 5,000 characters' })
    .default(''),
  /** the programme's own explanation of how to choose a level, shown above the levels */
  whichLevel: z
    .string({ error: 'must be text' })
    .max(5000, { error: 'must be at most 5,000 characters' })
    .default(''),
  /** in the order a pupil moves up through them */
  levels: z.array(courseLevelSchema).min(1, { error: 'needs at least one level' }),
});
export type CourseProgrammeEntry = z.infer<typeof courseProgrammeEntrySchema>;

export const courseTermEntrySchema = z
  .strictObject({
    key,
    name: text,
    firstDay: isoDate,
    lastDay: isoDate,
    /** half-terms and closures: no lesson of the term's courses runs on these */
    skip: z.array(courseSkipSchema).default([]),
    /** when its courses are open to everyone (the operator's local date and time) */
    releasesOn: isoDate,
    releasesAt: clockTime.default('09:00'),
  })
  .superRefine((term, ctx) => {
    if (term.firstDay > term.lastDay)
      ctx.addIssue({ code: 'custom', path: ['lastDay'], message: 'must not be before firstDay' });
    term.skip.forEach((skip, index) => {
      const { from, to } = typeof skip === 'string' ? { from: skip, to: skip } : skip;
      if (to < term.firstDay || from > term.lastDay)
        ctx.addIssue({
          code: 'custom',
          path: ['skip', index],
          message: `is outside the term (${term.firstDay} to ${term.lastDay})`,
        });
    });
  });
export type CourseTermEntry = z.infer<typeof courseTermEntrySchema>;

const age = wholeNumber(0, 120);

export const courseEntrySchema = z
  .strictObject({
    key,
    /** shown to customers; left out, the level's name and the day and time make one */
    name: text.optional(),
    programme: key,
    level: key,
    venue: key,
    /** a place at the centre, from the file's `locations` */
    location: key,
    day: z.enum(courseDays, { error: `must be one of ${courseDays.join(', ')}` }),
    startTime: clockTime,
    endTime: clockTime,
    minAge: age.optional(),
    maxAge: age.optional(),
    /** ages are taken on this date; left out, on the term's first day (continuous: the first lesson) */
    agesOn: isoDate.optional(),
    capacity: wholeNumber(1, 500),
    teacher: z
      .string({ error: 'must be text' })
      .max(120, { error: 'must be at most 120 characters' })
      .default(''),
    /** over a term (a key of `courseTerms`) … */
    term: key.optional(),
    /** … or continuous from this date, with no end */
    startsOn: isoDate.optional(),
    /** the course's own skipped dates, on top of its term's */
    skip: z.array(courseSkipSchema).default([]),
    /** the whole term's price, paid up front (a termly course) */
    termPricePence: pence.optional(),
    /** the price a month, by Direct Debit (a continuous course) */
    monthlyPricePence: pence.optional(),
  })
  .superRefine((course, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const times = [course.startTime, course.endTime];
    if (times.every((time) => clockTime.safeParse(time).success) && course.endTime <= course.startTime)
      issue('endTime', 'must be after startTime');
    if (course.minAge !== undefined && course.maxAge !== undefined && course.minAge > course.maxAge)
      issue('maxAge', 'must not be below minAge');
    if (course.term === undefined && course.startsOn === undefined)
      issue('term', 'a course runs over a term (term) or continuously (startsOn): give one');
    if (course.term !== undefined && course.startsOn !== undefined)
      issue('startsOn', 'a course over a term starts on its first day: give term or startsOn, not both');
    if (course.termPricePence === undefined && course.monthlyPricePence === undefined)
      issue(
        'termPricePence',
        'needs a price: termPricePence (a termly course) or monthlyPricePence (continuous)',
      );
    if (course.termPricePence !== undefined && course.monthlyPricePence !== undefined)
      issue('monthlyPricePence', 'a course is paid per term or monthly: give one price');
    if (course.termPricePence !== undefined && course.term === undefined && course.startsOn !== undefined)
      issue('termPricePence', 'a continuous course is paid monthly by Direct Debit: give monthlyPricePence');
    if (course.monthlyPricePence !== undefined && course.term !== undefined)
      issue('monthlyPricePence', 'a termly course is paid per term, up front: give termPricePence');
  });
export type CourseEntry = z.infer<typeof courseEntrySchema>;
