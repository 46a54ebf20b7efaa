import type { Cart } from '@lido/contracts/cart';
import type { CoursePupils, EnrolBody } from '@lido/contracts/courses';
import { ageOn, type CalendarDate } from '@lido/pricing/calendar-date';
import { type TermPrice, termPriceFor } from '@lido/pricing/course-prices';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { type CartRepository, type CartView, requireOpen } from '../cart/index.ts';
import type { FamilyService } from '../customers/index.ts';
import * as enrolments from './course-enrolments.repository.ts';
import { clockOf, continuousLessonsShown, lessonDatesOf, type Now } from './course-schedule.ts';
import { courseWords } from './course-words.ts';
import { courseById, type CourseRow } from './courses.repository.ts';

/**
 * Enrolling on a course (issue 36, decision 0109): who on the account can be enrolled and why not,
 * asked before anything is chosen, and a place held in the basket for one of them.
 */
export function createCourseEnrolling(deps: {
  db: Db;
  now: () => Now;
  carts: Pick<CartRepository, 'withTouchedCart'>;
  view: CartView;
  family: Pick<FamilyService, 'member' | 'list'>;
}) {
  const { now } = deps;
  return {
    /**
     * POST /api/courses/{courseId}/enrol (decision 0109): a place for the customer or one of their
     * family, checked (the family, the ages, lessons left, a place already theirs) before anything
     * is held, then held in the basket under the course's lock. Answers the basket.
     */
    async enrol(customer: CustomerRow, courseId: number, body: EnrolBody): Promise<Cart> {
      const { carts, view, family } = deps;
      const at = now();
      const row = await courseById(deps.db, courseId, at.date);
      if (!row) throw new HttpError(404, courseWords.courseNotFound);
      const pupil = await family.member(customer, body.pupilId).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404)
          throw new HttpError(404, courseWords.notYourFamily);
        throw error;
      });
      const name = `${pupil.firstName} ${pupil.lastName}`.trim();
      const { course } = row;
      const opening = enrolOpening(row, at);
      if ('refusal' in opening) throw new HttpError(opening.refusal.status, opening.refusal.message);
      const { price } = opening;
      const tooYoungOrOld = ageCheck(
        { name, dateOfBirth: pupil.dateOfBirth },
        course,
        opening.agesOn,
      ).refusal;
      if (tooYoungOrOld) throw new HttpError(422, tooYoungOrOld);
      if (await enrolments.isEnrolled(deps.db, course.id, pupil.id))
        throw new HttpError(409, courseWords.alreadyEnrolled(name));
      // Full a moment ago: refused without queueing for the course's lock (most of a rush's asks
      // once the places are gone). Free now is not trusted: the conditional INSERT decides.
      if (row.taken >= course.capacity) throw new HttpError(409, courseWords.courseFull);
      const cart = await carts.withTouchedCart(customer.id, async (tx, locked) => {
        requireOpen(locked);
        await enrolments.dropLapsedLines(tx, locked.id);
        const line = { cartId: locked.id, courseId: course.id, pupilId: pupil.id };
        await enrolments.lockCourse(tx, course.id);
        const held = await enrolments.holdCoursePlace(tx, {
          ...line,
          amountPence: price.pricePence,
          firstLessonOn: opening.firstLessonDate,
          lessonsLeft: price.lessonsLeft,
          lessonsInTerm: price.lessonsInTerm,
        });
        if (held === undefined) {
          const why = await enrolments.whyNotHeld(tx, line);
          throw new HttpError(
            409,
            why === 'in-basket'
              ? courseWords.alreadyInBasket(name)
              : why === 'enrolled'
                ? courseWords.alreadyEnrolled(name)
                : courseWords.courseFull,
          );
        }
        return locked;
      });
      return view(customer, cart);
    },

    /**
     * GET /api/courses/{courseId}/pupils (decision 0109): who on the account can be enrolled, and
     * why not, before anything is chosen: the customer and each of their family, with their age on
     * the course's date.
     */
    async pupils(customer: CustomerRow, courseId: number): Promise<CoursePupils> {
      const { family } = deps;
      const at = now();
      const row = await courseById(deps.db, courseId, at.date);
      if (!row) throw new HttpError(404, courseWords.courseNotFound);
      const opening = enrolOpening(row, at);
      const agesOn = 'refusal' in opening ? null : opening.agesOn;
      const closed =
        'refusal' in opening
          ? opening.refusal.message
          : row.taken >= row.course.capacity
            ? courseWords.courseFull
            : null;
      const people = [
        {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          dateOfBirth: customer.dateOfBirth,
          self: true,
        },
        ...(await family.list(customer)).map((member) => ({
          id: member.id,
          firstName: member.firstName,
          lastName: member.lastName,
          dateOfBirth: member.dateOfBirth === '' ? null : member.dateOfBirth,
          self: false,
        })),
      ];
      const enrolled = await enrolments.enrolledAmong(
        deps.db,
        row.course.id,
        people.map((person) => person.id),
      );
      return {
        courseId: row.course.id,
        agesOn,
        closedReason: closed,
        pupils: people.map((person) => {
          const name = `${person.firstName} ${person.lastName}`.trim();
          const checked =
            agesOn === null
              ? { age: null, refusal: null }
              : ageCheck({ name, dateOfBirth: person.dateOfBirth }, row.course, agesOn);
          const reason = enrolled.has(person.id) ? courseWords.alreadyEnrolled(name) : checked.refusal;
          return {
            id: person.id,
            name,
            self: person.self,
            age: checked.age,
            canEnrol: closed === null && reason === null,
            reason,
          };
        }),
      };
    },
  };
}

/**
 * Whether a course can be joined now, whoever the pupil: a monthly course not yet (decision 0109),
 * a term whose every lesson has started never. Otherwise the late joiner's price and the date the
 * pupil's age is taken on.
 */
function enrolOpening(
  row: CourseRow,
  at: Now,
):
  | { refusal: { status: number; message: string } }
  | { price: TermPrice; firstLessonDate: CalendarDate; agesOn: CalendarDate } {
  const { course, term } = row;
  if (course.pricing !== 'term') return { refusal: { status: 422, message: courseWords.monthlyNotYet } };
  const price = termPriceFor({
    termPricePence: course.pricePence,
    lessonDates: lessonDatesOf(row, at.date, continuousLessonsShown),
    startTime: clockOf(course.startsAt),
    now: at,
  });
  if (price.firstLessonDate === null)
    return {
      refusal: { status: 409, message: courseWords.lateJoiner('', 0, price.lessonsInTerm, false) },
    };
  const firstLessonDate = price.firstLessonDate;
  return { price, firstLessonDate, agesOn: course.agesOn ?? term?.firstDay ?? firstLessonDate };
}

/** The pupil's age on `on` and, when outside the course's ages or unknown, why they can't join. */
function ageCheck(
  pupil: { name: string; dateOfBirth: CalendarDate | null },
  course: CourseRow['course'],
  on: CalendarDate,
): { age: number | null; refusal: string | null } {
  const age = pupil.dateOfBirth ? ageOn(pupil.dateOfBirth, on) : null;
  if (course.minAge === null && course.maxAge === null) return { age, refusal: null };
  if (age === null) return { age, refusal: courseWords.dateOfBirthNeeded(pupil.name) };
  const ages = courseWords.ages(course.minAge, course.maxAge, on)!;
  if (course.minAge !== null && age < course.minAge)
    return { age, refusal: courseWords.tooYoung(pupil.name, age, ages) };
  if (course.maxAge !== null && age > course.maxAge)
    return { age, refusal: courseWords.tooOld(pupil.name, age, ages) };
  return { age, refusal: null };
}
