import type { Role } from '../../../../shared/constants.ts';

/** The parts of a course that decide who may see it and who may change it. */
export interface CourseAccess {
  organisationId: string;
  ownerId: string;
  /** draft | published | archived */
  status: string;
  /** public | unlisted | private */
  visibility: string;
}

/** Whoever is asking: a logged-in user, or nobody (null). */
export interface Viewer {
  id: string;
  organisationId: string;
  role: Role;
}

/**
 * Who may see a course and its cover (a lesson's media follow the lesson: UploadsService.authorise): every logged-in member of
 * the course's company, whatever its status; anyone at all, with or without a session, once it is
 * published as public or unlisted (unlisted only hides it from lists, not from a link). Everyone
 * else is told it does not exist (404), so a course's existence never leaks across companies.
 */
export function canViewCourse(course: Pick<CourseAccess, 'organisationId' | 'status' | 'visibility'>, viewer: Viewer | null): boolean {
  if (viewer && viewer.organisationId === course.organisationId) return true;
  return course.status === 'published' && (course.visibility === 'public' || course.visibility === 'unlisted');
}

/**
 * Who may change a course (and upload to it): an admin of its company, or the instructor who owns
 * it. A learner never. Another company's course is not this viewer's to know of: callers answer 404
 * when `viewer.organisationId` differs, 403 otherwise.
 */
export function canEditCourse(course: Pick<CourseAccess, 'organisationId' | 'ownerId'>, viewer: Viewer): boolean {
  if (viewer.organisationId !== course.organisationId) return false;
  return viewer.role === 'admin' || (viewer.role === 'instructor' && viewer.id === course.ownerId);
}

/** The company's staff: its admins and instructors, who build its courses (a learner is not). */
export function isStaffOf(viewer: Viewer, organisationId: string): boolean {
  return viewer.organisationId === organisationId && (viewer.role === 'admin' || viewer.role === 'instructor');
}
