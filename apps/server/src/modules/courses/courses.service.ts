import type { CourseDetail, CourseList, CoursesQuery, CourseSummary } from '@lido/contracts/courses';
import { courseDays } from '@lido/contracts/courses';
import { zonedParts } from '@lido/pricing/booking-rules';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { lessonStillAhead } from '@lido/pricing/course-lessons';
import { monthlyLessonCosts, termPriceFor } from '@lido/pricing/course-prices';
import { billingDayFor } from '@lido/pricing/membership-costs';
import { moneyFormat } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { type OperatorRepository, requireOperator, requireVenue } from '../operator/index.ts';
import type { CartRepository, CartView } from '../cart/index.ts';
import type { FamilyService } from '../customers/index.ts';
import { createCourseEnrolling } from './course-enrolling.ts';
import {
  clockOf,
  continuousLessonsShown,
  lessonDatesOf,
  nextLessonsListed,
  type Now,
} from './course-schedule.ts';
import { courseWords } from './course-words.ts';
import { courseById, type CourseRow, coursesAt, programmesWithLevels } from './courses.repository.ts';

/**
 * The bookings site's courses (issue 36, decision 0105): a centre's courses with places left and
 * their next lessons, and one course with every lesson date and what joining costs now.
 */
export function createCoursesService(deps: {
  db: Db;
  operators: OperatorRepository;
  clock: () => Date;
  timeZone: string;
  /** enrolling (decision 0109): the basket it holds places in, and the customer's family */
  carts: Pick<CartRepository, 'withTouchedCart'>;
  view: CartView;
  family: Pick<FamilyService, 'member' | 'list'>;
}) {
  const now = (): Now => {
    const parts = zonedParts(deps.clock(), deps.timeZone);
    return { date: parts.date, time: parts.time };
  };

  function summary(row: CourseRow, at: Now, money: (pence: number) => { formatted: string }): CourseSummary {
    const { course, level, programme, term } = row;
    const startTime = clockOf(course.startsAt);
    const lessons = lessonDatesOf(row, at.date, nextLessonsListed + 1);
    const placesLeft = Math.max(0, course.capacity - row.taken);
    const agesOn = course.agesOn ?? term?.firstDay ?? null;
    const price =
      course.pricing === 'term'
        ? { kind: 'term' as const, termPrice: money(course.pricePence) }
        : { kind: 'monthly' as const, monthlyPrice: money(course.pricePence) };
    return {
      id: course.id,
      key: course.key,
      name: course.name ?? level.name,
      programme: { key: programme.key, name: programme.name },
      level: { key: level.key, name: level.name, position: level.position },
      day: courseDays[course.weekday - 1]!,
      dayText: courseWords.dayText(course.weekday),
      startTime,
      endTime: clockOf(course.endsAt),
      place: row.place,
      teacher: course.teacher,
      ages: {
        min: course.minAge,
        max: course.maxAge,
        on: agesOn,
        text: courseWords.ages(course.minAge, course.maxAge, agesOn),
      },
      capacity: course.capacity,
      placesLeft,
      placesLeftText: courseWords.placesLeft(placesLeft),
      schedule: term
        ? {
            kind: 'term',
            term: {
              key: term.key,
              name: term.name,
              firstDay: term.firstDay,
              lastDay: term.lastDay,
              releasesAt: term.releasesAt.toISOString(),
            },
            lessonsInTerm: lessons.length,
          }
        : { kind: 'continuous', startsOn: course.startsOn! },
      price: price as CourseSummary['price'],
      priceText:
        course.pricing === 'term'
          ? courseWords.termPrice(money(course.pricePence).formatted, lessons.length)
          : courseWords.monthlyPrice(money(course.pricePence).formatted),
      nextLessons: lessons
        .filter((date) => lessonStillAhead(date, startTime, at))
        .slice(0, nextLessonsListed),
    };
  }

  return {
    ...createCourseEnrolling({ ...deps, now }),

    /** GET /api/courses/venues/{slug}: 404 for a centre the operator doesn't have. */
    async list(slug: string, query: CoursesQuery): Promise<CourseList> {
      const operator = await requireOperator(deps.operators);
      const venue = await requireVenue(deps.operators, operator.id, slug);
      const { money } = moneyFormat(operator.currency);
      const at = now();
      const rows = await coursesAt(
        deps.db,
        venue.id,
        {
          programme: query.programme,
          level: query.level,
          weekday: query.day === undefined ? undefined : courseDays.indexOf(query.day) + 1,
          age: query.age,
        },
        at.date,
      );
      // The programmes taught at the centre, whatever the filters: they are the filters' choices.
      const all =
        query.programme || query.level || query.day || query.age !== undefined
          ? await coursesAt(deps.db, venue.id, {}, at.date)
          : rows;
      const programmes = await programmesWithLevels(deps.db, [
        ...new Set(all.map((row) => row.programme.id)),
      ]);
      return {
        venue: { slug: venue.slug, name: venue.name },
        programmes: programmes.map(({ programme, levels }) => ({
          key: programme.key,
          name: programme.name,
          description: programme.description,
          whichLevel: programme.whichLevel,
          levels: levels.map((level) => ({
            key: level.key,
            name: level.name,
            position: level.position,
            whoFor: level.whoFor,
            outcomes: level.outcomes,
          })),
        })),
        courses: rows.map((row) => summary(row, at, money)),
      };
    },

    /** GET /api/courses/{courseId}: 404 for a course not on show. */
    async detail(courseId: number): Promise<CourseDetail> {
      const operator = await requireOperator(deps.operators);
      const { money } = moneyFormat(operator.currency);
      const at = now();
      const row = await courseById(deps.db, courseId, at.date);
      if (!row) throw new HttpError(404, courseWords.courseNotFound);
      const { course, level, programme } = row;
      const startTime = clockOf(course.startsAt);
      const dates = lessonDatesOf(row, at.date, continuousLessonsShown);
      const lessons = dates.map((date) => ({ date, past: !lessonStillAhead(date, startTime, at) }));
      return {
        ...summary(row, at, money),
        venue: row.venue,
        levelDetail: {
          key: level.key,
          name: level.name,
          position: level.position,
          whoFor: level.whoFor,
          outcomes: level.outcomes,
        },
        programmeDetail: {
          key: programme.key,
          name: programme.name,
          description: programme.description,
          whichLevel: programme.whichLevel,
        },
        lessons,
        priceToday: priceToday(row, dates, startTime, at, money, operator.availableBillingDates),
      };
    },
  };
}

function priceToday(
  row: CourseRow,
  dates: CalendarDate[],
  startTime: string,
  at: Now,
  money: ReturnType<typeof moneyFormat>['money'],
  billingDays: readonly number[],
): CourseDetail['priceToday'] {
  const { course } = row;
  if (course.pricing === 'term') {
    const price = termPriceFor({ termPricePence: course.pricePence, lessonDates: dates, startTime, now: at });
    return {
      kind: 'term',
      lessonsInTerm: price.lessonsInTerm,
      lessonsLeft: price.lessonsLeft,
      firstLessonDate: price.firstLessonDate,
      toPay: money(price.pricePence),
      fullTerm: price.fullTerm,
      text: courseWords.lateJoiner(
        money(price.pricePence).formatted,
        price.lessonsLeft,
        price.lessonsInTerm,
        price.fullTerm,
      ),
    };
  }
  // A visitor's price: the earliest billing day the operator offers (a customer who already pays by
  // Direct Debit keeps theirs, when enrolling is built).
  const billingDay = billingDayFor({ recurring: true, held: null, chosen: null, offered: billingDays })!;
  const firstLessonDate = dates.find((date) => lessonStillAhead(date, startTime, at));
  // Only a continuous course whose every coming week is skipped has none: nothing to join.
  if (firstLessonDate === undefined) throw new HttpError(404, courseWords.courseNotFound);
  const costs = monthlyLessonCosts({
    monthlyPricePence: course.pricePence,
    firstLessonDate,
    billingDay,
    today: at.date,
  });
  return {
    kind: 'monthly',
    firstLessonDate,
    billingDay,
    proRataDays: costs.proRataDays,
    proRata: money(costs.proRataPence),
    monthInHand: money(costs.monthInHandPence),
    toPay: money(costs.firstPaymentPence),
    firstCollectionDate: costs.firstCollectionDate,
    collections: costs.collections.map((collection) => ({
      date: collection.date,
      amount: money(collection.amountPence),
    })),
    text: courseWords.monthlyFirstPayment(
      money(costs.firstPaymentPence).formatted,
      firstLessonDate,
      money(course.pricePence).formatted,
      billingDay,
      costs.firstCollectionDate,
    ),
  };
}
