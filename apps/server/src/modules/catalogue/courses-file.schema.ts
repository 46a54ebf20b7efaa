import {
  courseEntrySchema,
  courseProgrammeEntrySchema,
  courseTermEntrySchema,
} from '@lido/contracts/course-catalogue';
import { termLessonDates } from '@lido/pricing/course-lessons';
import { isCalendarDate } from '@lido/pricing/calendar-date';
import { z } from 'zod';
import type { RawProblem } from './activities-cross-check.ts';

/** The file's course sections (issue 36, decision 0105): one schema with the staff site's, later. */
export const courseSections = {
  courseProgrammes: z.array(courseProgrammeEntrySchema).default([]),
  courseTerms: z.array(courseTermEntrySchema).default([]),
  courses: z.array(courseEntrySchema).default([]),
};

type Raw = Record<string, unknown>;
const list = (value: unknown): Raw[] =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? (item as Raw) : {})) : [];
const isText = (value: unknown): value is string => typeof value === 'string';
const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function repeated(items: Raw[], field: string): number[] {
  const seen = new Set<unknown>();
  return items.flatMap((item, index) => {
    const value = item[field];
    if (!isText(value)) return [];
    const again = seen.has(value);
    seen.add(value);
    return again ? [index] : [];
  });
}

function skipsOf(value: unknown): { from: string; to: string }[] {
  return (Array.isArray(value) ? value : []).flatMap((skip: unknown) => {
    if (isText(skip)) return isCalendarDate(skip) ? [{ from: skip, to: skip }] : [];
    const range = (skip ?? {}) as Raw;
    return isText(range.from) && isText(range.to) && isCalendarDate(range.from) && isCalendarDate(range.to)
      ? [{ from: range.from, to: range.to }]
      : [];
  });
}

/**
 * The course sections' references: unique keys, a level of the course's own programme, a centre of
 * the operator's, a place at that centre in the file's `locations`, a term of the file; and a
 * termly course that has at least one lesson.
 */
export function crossCheckCourses(file: Raw, venueSlugs: ReadonlySet<string>): RawProblem[] {
  const problems: RawProblem[] = [];
  const programmes = list(file.courseProgrammes);
  const terms = list(file.courseTerms);
  const courses = list(file.courses);
  for (const index of repeated(programmes, 'key'))
    problems.push({ path: ['courseProgrammes', index, 'key'], message: 'is used twice' });
  programmes.forEach((programme, p) => {
    for (const index of repeated(list(programme.levels), 'key'))
      problems.push({
        path: ['courseProgrammes', p, 'levels', index, 'key'],
        message: 'is used twice in this programme',
      });
  });
  for (const index of repeated(terms, 'key'))
    problems.push({ path: ['courseTerms', index, 'key'], message: 'is used twice' });
  for (const index of repeated(courses, 'key'))
    problems.push({ path: ['courses', index, 'key'], message: 'is used twice' });

  const levelsOf = new Map(
    programmes.map((programme) => [programme.key, new Set(list(programme.levels).map((level) => level.key))]),
  );
  const termsByKey = new Map(terms.map((term) => [term.key, term]));
  const places = new Set(list(file.locations).map((place) => `${String(place.venue)}/${String(place.key)}`));

  courses.forEach((course, c) => {
    const at = (...rest: (string | number)[]) => ['courses', c, ...rest];
    const levels = levelsOf.get(course.programme);
    if (isText(course.programme) && !levels)
      problems.push({
        path: at('programme'),
        message: `"${course.programme}" is not a course programme in this file`,
      });
    else if (levels && isText(course.level) && !levels.has(course.level))
      problems.push({
        path: at('level'),
        message: `"${course.level}" is not a level of "${String(course.programme)}"`,
      });
    if (isText(course.venue) && !venueSlugs.has(course.venue))
      problems.push({ path: at('venue'), message: `"${course.venue}" is not one of the operator's centres` });
    else if (
      isText(course.venue) &&
      isText(course.location) &&
      !places.has(`${course.venue}/${course.location}`)
    )
      problems.push({
        path: at('location'),
        message: `"${course.location}" is not a location at ${course.venue} in this file`,
      });
    const term = termsByKey.get(course.term);
    if (isText(course.term) && !term)
      problems.push({ path: at('term'), message: `"${course.term}" is not a course term in this file` });
    const day = days.indexOf(course.day as string);
    if (
      term &&
      day >= 0 &&
      isText(term.firstDay) &&
      isText(term.lastDay) &&
      isCalendarDate(term.firstDay) &&
      isCalendarDate(term.lastDay) &&
      term.firstDay <= term.lastDay
    ) {
      const lessons = termLessonDates({
        weekday: (day + 1) as 1,
        firstDay: term.firstDay,
        lastDay: term.lastDay,
        skips: [...skipsOf(term.skip), ...skipsOf(course.skip)],
      });
      if (lessons.length === 0)
        problems.push({
          path: at('day'),
          message: `has no lessons: no ${dayNames[day]} from ${term.firstDay} to ${term.lastDay} is left once the skipped dates are taken out`,
        });
    }
  });
  return problems;
}
