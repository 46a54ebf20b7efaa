/**
 * The courses module's door (issue 36, decision 0105): what other modules and the composition root
 * may use. It owns course_programmes, course_levels, course_terms, courses and course_enrolments
 * (one writer per table, decision 0082); everything else in this folder is private to it.
 */
export { applyCourses } from './courses-catalogue.repository.ts';
export { coursesRoutes } from './courses.routes.ts';
export { createCoursesService } from './courses.service.ts';
export { courseLineKind, courseOrderItem } from './course-line-kind.ts';
