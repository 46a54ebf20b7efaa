import { z } from 'zod';
import { positiveId, slugSchema } from './common.ts';
import { courseDays } from './course-catalogue.ts';
import { wholeNumber } from './limits.ts';
import { moneySchema } from './membership.ts';

/**
 * Courses and swimming lessons on the bookings site (issue 36, decision 0105): the courses at a
 * centre, filtered, and one course with its lessons and what it costs to join today. Requests and
 * answers together: both are small.
 */

export { courseDays };

/** GET /api/courses/venues/{slug} */
export const coursesParamsSchema = z.object({ slug: slugSchema });
export const coursesQuerySchema = z.object({
  programme: slugSchema.optional(),
  level: slugSchema.optional(),
  day: z
    .enum(courseDays, { error: 'The day must be one of mon, tue, wed, thu, fri, sat or sun.' })
    .optional(),
  /** the pupil's age in whole years: courses whose age range includes it */
  age: wholeNumber('The age', 0, 120).optional(),
});
export type CoursesQuery = z.infer<typeof coursesQuerySchema>;

/** GET /api/courses/{courseId} */
export const courseParamsSchema = z.object({ courseId: positiveId('The course') });

export const courseLevelSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** 1, 2, 3 …: the order a pupil moves up through */
  position: z.number().int(),
  /** who the level is for, in the programme's own words */
  whoFor: z.string(),
  outcomes: z.array(z.string()),
});

export const courseProgrammeSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** "Which stage is my child?": the programme's own explanation */
  whichLevel: z.string(),
  levels: z.array(courseLevelSchema),
});

const termSchema = z.object({
  key: z.string(),
  name: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  /** when the term's courses are open to everyone (ISO instant) */
  releasesAt: z.string(),
});

export const courseSummarySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  programme: z.object({ key: z.string(), name: z.string() }),
  level: z.object({ key: z.string(), name: z.string(), position: z.number().int() }),
  day: z.enum(courseDays),
  /** "Saturdays" */
  dayText: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  place: z.string(),
  teacher: z.string(),
  ages: z.object({
    min: z.number().int().nullable(),
    max: z.number().int().nullable(),
    /** the date ages are taken on; null: on the pupil's first lesson */
    on: z.string().nullable(),
    /** "Ages 4 to 7 on 4 Jan 2027" */
    text: z.string().nullable(),
  }),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
  /** "3 places left", "Full" */
  placesLeftText: z.string(),
  schedule: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('term'), term: termSchema, lessonsInTerm: z.number().int() }),
    z.object({ kind: z.literal('continuous'), startsOn: z.string() }),
  ]),
  price: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('term'), termPrice: moneySchema }),
    z.object({ kind: z.literal('monthly'), monthlyPrice: moneySchema }),
  ]),
  /** "£90.00 a term (10 lessons)", "£34.00 a month by Direct Debit" */
  priceText: z.string(),
  /** the next lessons someone enrolling now could attend (up to 3) */
  nextLessons: z.array(z.string()),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseListSchema = z.object({
  venue: z.object({ slug: z.string(), name: z.string() }),
  /** the programmes of the courses at the centre, with their levels: the filters and "Which stage?" */
  programmes: z.array(courseProgrammeSchema),
  courses: z.array(courseSummarySchema),
});
export type CourseList = z.infer<typeof courseListSchema>;

/** What joining costs at the moment of asking (decision 0105). */
export const coursePriceTodaySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('term'),
    lessonsInTerm: z.number().int(),
    lessonsLeft: z.number().int(),
    /** null: every lesson has started, so the course can't be joined */
    firstLessonDate: z.string().nullable(),
    toPay: moneySchema,
    fullTerm: z.boolean(),
    /** "£45.00 for the 5 lessons left of 10" */
    text: z.string(),
  }),
  z.object({
    kind: z.literal('monthly'),
    firstLessonDate: z.string(),
    billingDay: z.number().int(),
    proRataDays: z.number().int(),
    proRata: moneySchema,
    monthInHand: moneySchema,
    /** paid at checkout */
    toPay: moneySchema,
    firstCollectionDate: z.string(),
    collections: z.array(z.object({ date: z.string(), amount: moneySchema })),
    text: z.string(),
  }),
]);

export const courseDetailSchema = courseSummarySchema.extend({
  venue: z.object({ slug: z.string(), name: z.string() }),
  levelDetail: courseLevelSchema,
  programmeDetail: courseProgrammeSchema.omit({ levels: true }),
  /** a termly course: every lesson of the term; a continuous one: the next 12 */
  lessons: z.array(z.object({ date: z.string(), past: z.boolean() })),
  priceToday: coursePriceTodaySchema,
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/**
 * POST /api/courses/{courseId}/enrol (issue 36, decision 0109): a place for the customer or one of
 * their family, held in the basket like a session's place and paid through the ordinary checkout.
 * Answers the basket (201).
 */
export const enrolBodySchema = z.strictObject({
  /** the pupil: the customer themself (left out, or their own id) or one of their dependants */
  pupilId: positiveId('The pupil').optional(),
});
export type EnrolBody = z.infer<typeof enrolBodySchema>;

/**
 * GET /api/courses/{courseId}/pupils (decision 0109): who on the account can be enrolled, asked
 * before anything is chosen, so the page can say why not beside each name.
 */
export const coursePupilsSchema = z.object({
  courseId: z.number().int(),
  /** the date ages are taken on; null when nobody can join now */
  agesOn: z.string().nullable(),
  /** why nobody can be enrolled now (full, every lesson started, monthly); null when places may be had */
  closedReason: z.string().nullable(),
  pupils: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** the customer themself (else one of their family) */
      self: z.boolean(),
      /** whole years on `agesOn`; null without a date of birth or a date */
      age: z.number().int().nullable(),
      canEnrol: z.boolean(),
      /** why this pupil can't be enrolled (ages, no date of birth, a place already); null when they can */
      reason: z.string().nullable(),
    }),
  ),
});
export type CoursePupils = z.infer<typeof coursePupilsSchema>;

/** A basket line holding a place on a course for a pupil (the line kind `course-enrolment`). */
export const cartCourseEnrolmentItemSchema = z.object({
  id: z.number().int(),
  type: z.literal('course_enrolment'),
  courseId: z.number().int(),
  /** "Stage 1" */
  name: z.string(),
  /** "Saturdays 09:00–09:30, Learner pool, Autumn 2026: 2 lessons left of 13, from 05 Dec 2026" */
  description: z.string(),
  pupil: z.object({ id: z.number().int(), name: z.string() }),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  firstLessonDate: z.string(),
  lessonsLeft: z.number().int(),
  lessonsInTerm: z.number().int(),
  /** the place is held until then (ISO instant); after it, it may be taken by someone else */
  heldUntil: z.string(),
  price: moneySchema,
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
});
export type CartCourseEnrolmentItem = z.infer<typeof cartCourseEnrolmentItemSchema>;

/** An order line that paid for a place on a course: the confirmation says which and for whom. */
export const orderCourseEnrolmentItemSchema = z.object({
  type: z.literal('course_enrolment'),
  name: z.string(),
  /** "Stage 1: Saturdays 09:00–09:30, Learner pool, Autumn 2026: 2 lessons left of 13, … For Ada Tester" */
  description: z.string(),
  total: moneySchema,
});
export type OrderCourseEnrolmentItem = z.infer<typeof orderCourseEnrolmentItemSchema>;
