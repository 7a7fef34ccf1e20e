import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { canEditCourse } from './policy.ts';
import * as repo from './repository.ts';
import type { CourseRow, Executor } from './repository.ts';

/**
 * Who may build which course, checked on every call: an admin every course of their company, an
 * instructor their own, a learner none. Anything else looks like it does not exist (404), so a
 * course, module, lesson or revision of another company or colleague never shows it is there.
 */

export const notFound = () => new AppError('COURSE_NOT_FOUND', 404, 'course.notFound');
export const conflict = () => new AppError('VERSION_CONFLICT', 409, 'course.versionConflict');
export const archived = () => new AppError('COURSE_ARCHIVED', 409, 'course.archived');

/** Lists and creation: only instructors and admins build courses. */
export function assertBuilder(actor: TUser): void {
  if (actor.role !== 'admin' && actor.role !== 'instructor') throw new AppError('FORBIDDEN', 403, 'course.learnersCannotEdit');
}

/** The one rule (shared with uploads): an admin of the course's company, or its owning instructor. */
function canEdit(actor: TUser, course: { organisation_id: string; owner_id: string }): boolean {
  return canEditCourse({ organisationId: course.organisation_id, ownerId: course.owner_id }, actor);
}

export async function courseFor(db: Executor, actor: TUser, id: string): Promise<CourseRow> {
  const course = await repo.findCourse(db, id);
  if (!course || !canEdit(actor, course)) throw notFound();
  return course;
}

export async function moduleFor(db: Db, actor: TUser, id: string) {
  const module = await repo.findModule(db, id);
  const course = module && (await repo.findCourse(db, module.course_id));
  if (!module || !course || !canEdit(actor, course)) throw new AppError('MODULE_NOT_FOUND', 404, 'course.moduleNotFound');
  return { module, course };
}

export async function lessonFor(db: Db, actor: TUser, id: string) {
  const lesson = await repo.findLesson(db, id);
  const course = lesson && (await repo.findCourse(db, lesson.course_id));
  if (!lesson || !course || !canEdit(actor, course)) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
  return { lesson, course };
}

/** An archived course refuses edits until it is restored as a draft. */
export function assertEditable(course: CourseRow): void {
  if (course.status === 'archived') throw archived();
}
