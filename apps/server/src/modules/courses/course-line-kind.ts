import type { CartCourseEnrolmentItem, OrderCourseEnrolmentItem } from '@lido/contracts/courses';
import type { Money } from '@lido/pricing/money';
import { BasketChangedError, type KindLines, type LineKind, kindLines } from '../line-kinds/index.ts';
import * as repo from './course-enrolments.repository.ts';
import { courseWords } from './course-words.ts';

interface CourseLines extends KindLines {
  rows: repo.CourseLineRow[];
}

/** What a card payment records of the places it pays for, checked again at completion. */
interface PaidPlace {
  lineId: number;
  amountPence: number;
}

const clock = (time: string) => time.slice(0, 5);
const pupilName = (row: repo.CourseLineRow) => `${row.pupil_first_name} ${row.pupil_last_name}`.trim();
const whenOf = (row: repo.CourseLineRow) =>
  `${courseWords.dayText(row.weekday)} ${clock(row.starts_at)}–${clock(row.ends_at)}`;
const describe = (row: repo.CourseLineRow) =>
  courseWords.lineDescription(
    whenOf(row),
    row.place,
    row.term_name,
    courseWords.lessonsLeftText(row.lessons_left, row.lessons_in_term, row.first_lesson_on),
    pupilName(row),
  );
const courseOf = (row: repo.CourseLineRow) => `${row.course_name} on ${whenOf(row)}`;

/**
 * A place on a course, sold through the basket (issue 36, decision 0109; docs/adding-a-line-kind.md):
 * held when added (`course-enrolments.repository.ts`), kept while paying, and made an active
 * enrolment in the order's transaction under the course's lock, only while a place is free for it.
 * A term course is paid up front at the late joiner's price fixed when the place was held.
 */
export function courseLineKind(): LineKind<CourseLines> {
  return {
    name: 'course-enrolment',
    madeOnBookingsSite: true,

    async linesOf(db, cartId, options) {
      return kindLines(
        await repo.courseLinesOf(db, cartId, { lock: options?.lock === true }),
        (row) => row.amount_pence,
        (row) => row.venue_id,
      );
    },

    async view(_db, { rows }, { format }) {
      return {
        items: rows.map((row): CartCourseEnrolmentItem & { created: Date } => ({
          id: row.line_id,
          type: 'course_enrolment',
          courseId: row.course_id,
          name: row.course_name,
          description: describe(row),
          pupil: { id: row.pupil_id, name: pupilName(row) },
          venue: { id: row.venue_id, name: row.venue_name },
          firstLessonDate: row.first_lesson_on,
          lessonsLeft: row.lessons_left,
          lessonsInTerm: row.lessons_in_term,
          heldUntil: row.held_until.toISOString(),
          price: format.money(row.amount_pence),
          sortBy: 0,
          enablePrintReceipt: true,
          created: row.created_at,
        })),
      };
    },

    async removeLines(tx, cartId, lineIds) {
      return repo.deleteCourseLines(tx, cartId, lineIds);
    },

    async keep(db, cartId) {
      await repo.keepCourseHolds(db, cartId);
    },

    // A line whose hold ran out is paid only while its class still has a place for it; refused as a
    // changed basket, so a card payment already authorised goes back at once.
    async payable(db, { rows }) {
      for (const row of rows) {
        if (row.holding) continue;
        if (!(await repo.roomFor(db, row.course_id, row.line_id)))
          throw new BasketChangedError(courseWords.placeLost(courseOf(row)));
      }
    },

    async paymentRecord(_db, { rows }): Promise<PaidPlace[]> {
      return rows.map((row) => ({ lineId: row.line_id, amountPence: row.amount_pence }));
    },

    async toBuy(_tx, lines, context) {
      if (context.paid === undefined) return lines;
      const paid = new Map((context.paid as PaidPlace[]).map((place) => [place.lineId, place.amountPence]));
      const same =
        paid.size === lines.rows.length &&
        lines.rows.every((row) => paid.get(row.line_id) === row.amount_pence);
      if (!same) throw context.changed();
      return lines;
    },

    async fulfil(tx, { rows }, context) {
      if (rows.length === 0) return [];
      // Courses locked in id order, so two completions never wait for each other in a circle.
      for (const row of [...rows].sort((a, b) => a.course_id - b.course_id || a.line_id - b.line_id)) {
        await repo.lockCourse(tx, row.course_id);
        const enrolled = await repo.enrolFromLine(
          tx,
          {
            lineId: row.line_id,
            courseId: row.course_id,
            pupilId: row.pupil_id,
            firstLessonOn: row.first_lesson_on,
            amountPence: row.amount_pence,
          },
          context.order.id,
          context.now,
        );
        if (enrolled === undefined)
          throw context.changed(
            (await repo.isEnrolled(tx, row.course_id, row.pupil_id))
              ? courseWords.alreadyEnrolled(pupilName(row))
              : courseWords.placeLost(courseOf(row)),
          );
      }
      if (context.cartId !== null) await repo.clearCourseLines(tx, context.cartId);
      return rows.map((row) => ({
        itemType: 'course_enrolment' as const,
        description: `${row.course_name}: ${describe(row)}`,
        amountPence: row.amount_pence,
        details: null,
      }));
    },

    async wouldUndo(db, orderId) {
      return repo.activeEnrolmentsOfOrder(db, orderId);
    },

    async undoOrder(tx, order, context) {
      const undone = await repo.withdrawEnrolmentsOfOrder(tx, order.id, context.at);
      return { undone, placesFreed: undone > 0 };
    },
  };
}

/** An order's course line as the confirmation shows it (GET /api/orders/{orderId}). */
export function courseOrderItem(
  line: { description: string; amountPence: number },
  money: (pence: number) => Money,
): OrderCourseEnrolmentItem {
  return {
    type: 'course_enrolment',
    name: courseWords.orderLineName,
    description: line.description,
    total: money(line.amountPence),
  };
}
