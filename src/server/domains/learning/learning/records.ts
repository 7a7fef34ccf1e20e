/**
 * The learning records another domain may read directly: the assistants read a learner's enrolment,
 * lessons and quiz attempts to answer about them.
 */
export { attempts, courseLessons, findEnrolment, findLesson } from './repository.ts';
