/**
 * Retrieval over a course's lessons for the Learning Coach (docs/decisions/024):
 * `searchCourse` answers the passages that best match a question; `refreshCourseIndex` brings a
 * course's passages up to date ahead of time (searchCourse does so itself).
 */
export { searchCourse, type CoursePassage } from './search.ts';
