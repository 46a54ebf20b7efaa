import type { CalendarDate } from '@lido/pricing/calendar-date';
import { continuousLessonDates, type IsoWeekday, termLessonDates } from '@lido/pricing/course-lessons';
import type { CourseRow } from './courses.repository.ts';

/** A course's lesson dates and the clock they are read against (issue 36, decisions 0105 and 0109). */

/** How many lessons ahead a continuous course shows on its page. */
export const continuousLessonsShown = 12;
/** How many of the next lessons a listed course shows. */
export const nextLessonsListed = 3;

export type Now = { date: CalendarDate; time: string };

/** Every lesson of a termly course; a continuous course's next `count` from today. */
export function lessonDatesOf(row: CourseRow, today: CalendarDate, count: number): CalendarDate[] {
  const weekday = row.course.weekday as IsoWeekday;
  if (row.term)
    return termLessonDates({
      weekday,
      firstDay: row.term.firstDay,
      lastDay: row.term.lastDay,
      skips: [...row.term.skips, ...row.course.skips],
    });
  return continuousLessonDates({
    weekday,
    startsOn: row.course.startsOn!,
    from: today,
    count,
    skips: row.course.skips,
  });
}

export const clockOf = (time: string) => time.slice(0, 5);
