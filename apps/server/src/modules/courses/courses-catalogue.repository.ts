import type {
  CourseEntry,
  CourseProgrammeEntry,
  CourseSkipEntry,
  CourseTermEntry,
} from '@lido/contracts/course-catalogue';
import { courseDays } from '@lido/contracts/course-catalogue';
import { zonedInstant } from '@lido/pricing/booking-rules';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activityLocations,
  courseLevels,
  courseProgrammes,
  courses,
  courseTerms,
  type CourseSkip,
} from '../../db/schema.ts';

/** A file's skip entry as stored: a single date is a stretch of one day. */
export function storedSkips(entries: readonly CourseSkipEntry[]): CourseSkip[] {
  return entries.map((entry) => (typeof entry === 'string' ? { from: entry, to: entry } : entry));
}

/**
 * Writes the catalogue file's programmes, terms and courses (issue 36, decision 0105) in the
 * import's transaction, matched by key so a second import changes nothing. What left the file is
 * retired (no longer listed), never deleted: pupils may be enrolled.
 */
export async function applyCourses(
  tx: Executor,
  operatorId: number,
  file: { courseProgrammes: CourseProgrammeEntry[]; courseTerms: CourseTermEntry[]; courses: CourseEntry[] },
  venueIds: ReadonlyMap<string, number>,
  timeZone: string,
): Promise<void> {
  const levelIds = new Map<string, number>();
  for (const [order, programme] of file.courseProgrammes.entries()) {
    const values = {
      name: programme.name,
      description: programme.description,
      whichLevel: programme.whichLevel,
      sortOrder: order,
      active: true,
    };
    const [row] = await tx
      .insert(courseProgrammes)
      .values({ operatorId, key: programme.key, ...values })
      .onConflictDoUpdate({ target: [courseProgrammes.operatorId, courseProgrammes.key], set: values })
      .returning({ id: courseProgrammes.id });
    const programmeId = row!.id;
    for (const [index, level] of programme.levels.entries()) {
      const levelValues = {
        name: level.name,
        position: index + 1,
        whoFor: level.whoFor,
        outcomes: level.outcomes,
        active: true,
      };
      const [levelRow] = await tx
        .insert(courseLevels)
        .values({ programmeId, key: level.key, ...levelValues })
        .onConflictDoUpdate({ target: [courseLevels.programmeId, courseLevels.key], set: levelValues })
        .returning({ id: courseLevels.id });
      levelIds.set(`${programme.key}/${level.key}`, levelRow!.id);
    }
    await tx
      .update(courseLevels)
      .set({ active: false })
      .where(
        and(
          eq(courseLevels.programmeId, programmeId),
          notInArray(
            courseLevels.key,
            programme.levels.map((level) => level.key),
          ),
        ),
      );
  }
  await retireMissing(
    tx,
    courseProgrammes,
    operatorId,
    file.courseProgrammes.map((entry) => entry.key),
  );

  const termIds = new Map<string, number>();
  for (const term of file.courseTerms) {
    const values = {
      name: term.name,
      firstDay: term.firstDay,
      lastDay: term.lastDay,
      skips: storedSkips(term.skip),
      releasesAt: zonedInstant(term.releasesOn, term.releasesAt, timeZone),
      active: true,
    };
    const [row] = await tx
      .insert(courseTerms)
      .values({ operatorId, key: term.key, ...values })
      .onConflictDoUpdate({ target: [courseTerms.operatorId, courseTerms.key], set: values })
      .returning({ id: courseTerms.id });
    termIds.set(term.key, row!.id);
  }
  await retireMissing(
    tx,
    courseTerms,
    operatorId,
    file.courseTerms.map((entry) => entry.key),
  );

  const placeIds = await locationIds(tx, file.courses, venueIds);
  for (const [order, course] of file.courses.entries()) {
    const venueId = venueIds.get(course.venue)!;
    const values = {
      levelId: levelIds.get(`${course.programme}/${course.level}`)!,
      venueId,
      locationId: placeIds.get(`${venueId}/${course.location}`)!,
      weekday: courseDays.indexOf(course.day) + 1,
      startsAt: course.startTime,
      endsAt: course.endTime,
      minAge: course.minAge ?? null,
      maxAge: course.maxAge ?? null,
      agesOn: course.agesOn ?? null,
      capacity: course.capacity,
      teacher: course.teacher,
      termId: course.term ? termIds.get(course.term)! : null,
      startsOn: course.startsOn ?? null,
      skips: storedSkips(course.skip),
      pricing: course.termPricePence !== undefined ? ('term' as const) : ('monthly' as const),
      pricePence: course.termPricePence ?? course.monthlyPricePence!,
      name: course.name ?? null,
      sortOrder: order,
      active: true,
    };
    await tx
      .insert(courses)
      .values({ operatorId, key: course.key, ...values })
      .onConflictDoUpdate({ target: [courses.operatorId, courses.key], set: values });
  }
  await retireMissing(
    tx,
    courses,
    operatorId,
    file.courses.map((entry) => entry.key),
  );
}

type KeyedTable = typeof courseProgrammes | typeof courseTerms | typeof courses;

async function retireMissing(tx: Executor, table: KeyedTable, operatorId: number, keys: string[]) {
  await tx
    .update(table)
    .set({ active: false })
    .where(and(eq(table.operatorId, operatorId), keys.length ? notInArray(table.key, keys) : sql`true`));
}

async function locationIds(
  tx: Executor,
  entries: CourseEntry[],
  venueIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const ids = [...new Set(entries.map((entry) => venueIds.get(entry.venue)!))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: activityLocations.id, venueId: activityLocations.venueId, key: activityLocations.key })
    .from(activityLocations)
    .where(inArray(activityLocations.venueId, ids));
  return new Map(rows.map((row) => [`${row.venueId}/${row.key}`, row.id]));
}
