import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Enrolling through the basket (issue 36, decision 0109): the courses module's basket lines
 * (`cart_course_lines`) and the enrolments they become (`course_enrolments`), both written only
 * here. A place is taken under the course row's lock: `lockCourse` first, then one conditional
 * INSERT whose count of places taken is read in a snapshot made after the lock was granted, so
 * every earlier taker's commit is counted (decision 0109 says why not one statement).
 */

async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const idList = (ids: number[]) => `{${ids.join(',')}}`;

/** A payment under way keeps its basket's places, whatever `held_until` says (as a session's). */
const payingStates = sql`('created', 'authorised', 'unknown', 'pending_sca')`;

/** Whether line `l` holds its place now: its hold is ahead, or its basket is being paid for. */
const holding = sql`(l.held_until >= now() OR EXISTS (
  SELECT 1 FROM payment_attempts a WHERE a.cart_id = l.cart_id AND a.status IN ${payingStates}))`;

/** The basket's hold from now, on the database's clock (the operator's `basket_hold_minutes`). */
const holdEnds = sql`now() + make_interval(mins => (SELECT basket_hold_minutes FROM operators ORDER BY id LIMIT 1))`;

/**
 * Places taken on course `c`: its active enrolments and the basket lines holding a place, other
 * than line `exceptLine` (a line being made an enrolment counts once, as the enrolment).
 */
export function placesTakenSql(courseId: ReturnType<typeof sql>, exceptLine: number | null = null) {
  return sql`((SELECT count(*) FROM course_enrolments e WHERE e.course_id = ${courseId} AND e.status = 'active')
    + (SELECT count(*) FROM cart_course_lines l WHERE l.course_id = ${courseId}
         AND l.id <> ${exceptLine ?? 0} AND ${holding}))::int`;
}

/** Whether the course has a place free for this line (every other holder and enrolment counted). */
export async function roomFor(ex: Executor, courseId: number, lineId: number): Promise<boolean> {
  const found = await rows(
    ex,
    sql`SELECT 1 FROM courses c WHERE c.id = ${courseId} AND ${placesTakenSql(sql`c.id`, lineId)} < c.capacity`,
  );
  return found.length > 0;
}

/** Locks the course's row for the transaction: whoever takes its places waits their turn. */
export async function lockCourse(ex: Executor, courseId: number): Promise<void> {
  await ex.execute(sql`SELECT id FROM courses WHERE id = ${courseId} FOR UPDATE`);
}

export interface NewCourseLine {
  cartId: number;
  courseId: number;
  pupilId: number;
  amountPence: number;
  firstLessonOn: string;
  lessonsLeft: number;
  lessonsInTerm: number;
}

/**
 * Holds a place for the pupil in the basket, after `lockCourse`: nothing when the course is full,
 * the pupil is enrolled already, or the basket holds the course for them. Answers the line's id.
 */
export async function holdCoursePlace(ex: Executor, line: NewCourseLine): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO cart_course_lines (cart_id, course_id, pupil_customer_id, amount_pence, first_lesson_on,
                                       lessons_left, lessons_in_term, held_until)
        SELECT ${line.cartId}, c.id, ${line.pupilId}, ${line.amountPence}, ${line.firstLessonOn},
               ${line.lessonsLeft}, ${line.lessonsInTerm}, ${holdEnds}
          FROM courses c
         WHERE c.id = ${line.courseId}
           AND ${placesTakenSql(sql`c.id`)} < c.capacity
           AND NOT EXISTS (SELECT 1 FROM course_enrolments e WHERE e.course_id = c.id
                             AND e.pupil_customer_id = ${line.pupilId} AND e.status = 'active')
           AND NOT EXISTS (SELECT 1 FROM cart_course_lines mine WHERE mine.cart_id = ${line.cartId}
                             AND mine.course_id = c.id AND mine.pupil_customer_id = ${line.pupilId})
        RETURNING id`,
  );
  return row?.id;
}

/** Why `holdCoursePlace` held nothing. */
export async function whyNotHeld(
  ex: Executor,
  line: Pick<NewCourseLine, 'cartId' | 'courseId' | 'pupilId'>,
): Promise<'in-basket' | 'enrolled' | 'full'> {
  const [row] = await rows<{ in_basket: boolean; enrolled: boolean }>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM cart_course_lines WHERE cart_id = ${line.cartId}
                         AND course_id = ${line.courseId} AND pupil_customer_id = ${line.pupilId}) AS in_basket,
               EXISTS (SELECT 1 FROM course_enrolments WHERE course_id = ${line.courseId}
                         AND pupil_customer_id = ${line.pupilId} AND status = 'active') AS enrolled`,
  );
  return row?.in_basket ? 'in-basket' : row?.enrolled ? 'enrolled' : 'full';
}

/** Whether the pupil has an active place on the course (read before anything is held). */
export async function isEnrolled(ex: Executor, courseId: number, pupilId: number): Promise<boolean> {
  const found = await rows(
    ex,
    sql`SELECT 1 FROM course_enrolments WHERE course_id = ${courseId} AND pupil_customer_id = ${pupilId}
          AND status = 'active'`,
  );
  return found.length > 0;
}

/** Which of these customers have an active place on the course. */
export async function enrolledAmong(
  ex: Executor,
  courseId: number,
  pupilIds: number[],
): Promise<Set<number>> {
  if (pupilIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    ex,
    sql`SELECT pupil_customer_id AS id FROM course_enrolments WHERE course_id = ${courseId}
          AND pupil_customer_id = ANY(${idList(pupilIds)}::int[]) AND status = 'active'`,
  );
  return new Set(found.map((row) => row.id));
}

/**
 * The basket's lines whose hold has lapsed go (the caller holds the basket's lock): a customer
 * adding the same course again is not refused as "already in your basket" by a place no longer theirs.
 */
export async function dropLapsedLines(ex: Executor, cartId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM cart_course_lines l WHERE l.cart_id = ${cartId} AND NOT ${holding}`);
}

export interface CourseLineRow {
  line_id: number;
  course_id: number;
  pupil_id: number;
  pupil_first_name: string;
  pupil_last_name: string;
  amount_pence: number;
  first_lesson_on: string;
  lessons_left: number;
  lessons_in_term: number;
  held_until: Date;
  holding: boolean;
  created_at: Date;
  course_name: string;
  weekday: number;
  starts_at: string;
  ends_at: string;
  place: string;
  term_name: string | null;
  venue_id: number;
  venue_name: string;
}

/** A basket's course lines, oldest first; `lock` holds them for the order's transaction. */
export async function courseLinesOf(
  ex: Executor,
  cartId: number,
  options: { lock?: boolean } = {},
): Promise<CourseLineRow[]> {
  const found = await rows<CourseLineRow>(
    ex,
    sql`SELECT l.id AS line_id, l.course_id, l.pupil_customer_id AS pupil_id,
               p.first_name AS pupil_first_name, p.last_name AS pupil_last_name,
               l.amount_pence, l.first_lesson_on::text AS first_lesson_on, l.lessons_left, l.lessons_in_term,
               l.held_until, ${holding} AS holding, l.created_at,
               coalesce(c.name, lv.name) AS course_name, c.weekday, c.starts_at::text AS starts_at,
               c.ends_at::text AS ends_at, loc.name AS place, t.name AS term_name,
               v.id AS venue_id, v.name AS venue_name
          FROM cart_course_lines l
          JOIN courses c ON c.id = l.course_id
          JOIN course_levels lv ON lv.id = c.level_id
          JOIN activity_locations loc ON loc.id = c.location_id
          JOIN venues v ON v.id = c.venue_id
          JOIN customers p ON p.id = l.pupil_customer_id
          LEFT JOIN course_terms t ON t.id = c.term_id
         WHERE l.cart_id = ${cartId}
         ORDER BY l.id
         ${options.lock ? sql`FOR UPDATE OF l` : sql``}`,
  );
  return found.map((row) => ({
    ...row,
    held_until: asDate(row.held_until),
    created_at: asDate(row.created_at),
  }));
}

/** Removes those of `lineIds` that are the basket's course lines; answers their ids. */
export async function deleteCourseLines(ex: Executor, cartId: number, lineIds: number[]): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const gone = await rows<{ id: number }>(
    ex,
    sql`DELETE FROM cart_course_lines WHERE cart_id = ${cartId} AND id = ANY(${idList(lineIds)}::int[])
        RETURNING id`,
  );
  return gone.map((row) => row.id);
}

/**
 * Paying has started (checkout's prepare and authorise): each line still holding its place holds
 * it for another full hold from now. A lapsed line is not revived: completion takes its place
 * again only if one is free. Never shortens a hold.
 */
export async function keepCourseHolds(ex: Executor, cartId: number): Promise<void> {
  await ex.execute(
    sql`UPDATE cart_course_lines SET held_until = greatest(held_until, ${holdEnds})
        WHERE cart_id = ${cartId} AND held_until >= now()`,
  );
}

/**
 * Makes a basket line an active enrolment, after `lockCourse`: only while a place is free for it
 * (every other holder and enrolment counted) and the pupil has no active place on the course.
 * Answers the enrolment's id, or undefined when it could not be made.
 */
export async function enrolFromLine(
  ex: Executor,
  line: { lineId: number; courseId: number; pupilId: number; firstLessonOn: string; amountPence: number },
  orderId: number,
  at: Date,
): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO course_enrolments (course_id, pupil_customer_id, status, first_lesson_on, enrolled_at,
                                       order_id, amount_pence)
        SELECT c.id, ${line.pupilId}, 'active', ${line.firstLessonOn}, ${at.toISOString()}, ${orderId},
               ${line.amountPence}
          FROM courses c
         WHERE c.id = ${line.courseId} AND ${placesTakenSql(sql`c.id`, line.lineId)} < c.capacity
        ON CONFLICT (course_id, pupil_customer_id) WHERE status = 'active' DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}

/** A completed basket's course lines leave it: their places are the enrolments' now. */
export async function clearCourseLines(ex: Executor, cartId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM cart_course_lines WHERE cart_id = ${cartId}`);
}

/** How many active enrolments an order made (a void's preview). */
export async function activeEnrolmentsOfOrder(ex: Executor, orderId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM course_enrolments WHERE order_id = ${orderId} AND status = 'active'`,
  );
  return row?.n ?? 0;
}

/** A voided order's enrolments are withdrawn, once: their places are free again. */
export async function withdrawEnrolmentsOfOrder(ex: Executor, orderId: number, at: Date): Promise<number> {
  const gone = await rows(
    ex,
    sql`UPDATE course_enrolments SET status = 'withdrawn', withdrawn_at = ${at.toISOString()}
        WHERE order_id = ${orderId} AND status = 'active' RETURNING id`,
  );
  return gone.length;
}
