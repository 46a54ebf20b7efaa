import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { placesTakenSql } from './course-enrolments.repository.ts';
import {
  activityLocations,
  courseLevels,
  courseProgrammes,
  courses,
  courseTerms,
  venues,
} from '../../db/schema.ts';

/** Places taken: a course's active enrolments and the places held in baskets (decision 0109). */
const taken = sql<number>`${placesTakenSql(sql`${courses.id}`)}`;

const courseColumns = {
  course: courses,
  taken,
  level: courseLevels,
  programme: courseProgrammes,
  term: courseTerms,
  place: activityLocations.name,
  venue: { slug: venues.slug, name: venues.name },
};

export type CourseRow = {
  course: typeof courses.$inferSelect;
  taken: number;
  level: typeof courseLevels.$inferSelect;
  programme: typeof courseProgrammes.$inferSelect;
  term: typeof courseTerms.$inferSelect | null;
  place: string;
  venue: { slug: string; name: string };
};

function coursesWith(ex: Executor, where: SQL | undefined) {
  return ex
    .select(courseColumns)
    .from(courses)
    .innerJoin(courseLevels, eq(courseLevels.id, courses.levelId))
    .innerJoin(courseProgrammes, eq(courseProgrammes.id, courseLevels.programmeId))
    .innerJoin(activityLocations, eq(activityLocations.id, courses.locationId))
    .innerJoin(venues, eq(venues.id, courses.venueId))
    .leftJoin(courseTerms, eq(courseTerms.id, courses.termId))
    .where(where)
    .orderBy(
      asc(courseProgrammes.sortOrder),
      asc(courseLevels.position),
      asc(courses.weekday),
      asc(courses.startsAt),
      asc(courses.sortOrder),
    );
}

/**
 * On show: the course, its level and programme are in the catalogue, and a termly course's term is
 * too and has not ended before `today`.
 */
function onShow(today: string): SQL {
  return and(
    eq(courses.active, true),
    eq(courseLevels.active, true),
    eq(courseProgrammes.active, true),
    or(isNull(courses.termId), and(eq(courseTerms.active, true), gte(courseTerms.lastDay, today))),
  )!;
}

export interface CourseFilters {
  programme?: string | undefined;
  level?: string | undefined;
  /** ISO weekday */
  weekday?: number | undefined;
  age?: number | undefined;
}

/** The courses on show at a centre, filtered, in programme, level, day and time order. */
export async function coursesAt(
  ex: Executor,
  venueId: number,
  filters: CourseFilters,
  today: string,
): Promise<CourseRow[]> {
  const conditions: (SQL | undefined)[] = [eq(courses.venueId, venueId), onShow(today)];
  if (filters.programme !== undefined) conditions.push(eq(courseProgrammes.key, filters.programme));
  if (filters.level !== undefined) conditions.push(eq(courseLevels.key, filters.level));
  if (filters.weekday !== undefined) conditions.push(eq(courses.weekday, filters.weekday));
  if (filters.age !== undefined)
    conditions.push(
      or(isNull(courses.minAge), lte(courses.minAge, filters.age)),
      or(isNull(courses.maxAge), gte(courses.maxAge, filters.age)),
    );
  return (await coursesWith(ex, and(...conditions))) as CourseRow[];
}

/** One course on show, by id; undefined when there is none. */
export async function courseById(
  ex: Executor,
  courseId: number,
  today: string,
): Promise<CourseRow | undefined> {
  const [row] = await coursesWith(ex, and(eq(courses.id, courseId), onShow(today)));
  return row as CourseRow | undefined;
}

/** The programmes of the given ids, with their active levels in order. */
export async function programmesWithLevels(ex: Executor, programmeIds: number[]) {
  if (programmeIds.length === 0) return [];
  const rows = await ex
    .select({ programme: courseProgrammes, level: courseLevels })
    .from(courseProgrammes)
    .innerJoin(courseLevels, eq(courseLevels.programmeId, courseProgrammes.id))
    .where(and(inArray(courseProgrammes.id, programmeIds), eq(courseLevels.active, true)))
    .orderBy(asc(courseProgrammes.sortOrder), asc(courseLevels.position));
  const programmes = new Map<
    number,
    { programme: typeof courseProgrammes.$inferSelect; levels: (typeof courseLevels.$inferSelect)[] }
  >();
  for (const row of rows) {
    const entry = programmes.get(row.programme.id) ?? { programme: row.programme, levels: [] };
    entry.levels.push(row.level);
    programmes.set(row.programme.id, entry);
  }
  return [...programmes.values()];
}
