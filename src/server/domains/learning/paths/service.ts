import type { FastifyBaseLogger } from 'fastify';
import type { TMyPath, TPathCreate, TPathDetail, TPathSummary, TPathUpdate } from '../../../../shared/schemas/paths.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import type { EnrolmentsService } from '../learning/enrolments.ts';
import * as repo from './repository.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'paths.notFound');

export interface PathHooks {
  /** A person finished a path (its place's id), once: its certificate is issued. */
  onFinished?: (pathEnrolmentId: string) => Promise<void>;
}

/**
 * Learning paths: an ordered set of the company's published courses that admins and instructors
 * make and assign like a course. Assigning enrols the person in each course (as an assignment, due
 * with the path); the path is finished once every course of it was completed, and that is kept:
 * a course added later, or a course taken again, does not take it back.
 */
export class PathsService {
  constructor(
    private readonly db: Db,
    private readonly enrolments: EnrolmentsService,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: PathHooks = {},
  ) {}

  private static canMake(actor: TUser): boolean {
    return actor.role === 'admin' || actor.role === 'instructor';
  }

  private static canEdit(actor: TUser, path: repo.PathRow): boolean {
    return actor.role === 'admin' || (actor.role === 'instructor' && path.created_by === actor.id);
  }

  /** The company's path that the caller may see (admins and instructors); anything else is 404. */
  private async visible(actor: TUser, id: string): Promise<repo.PathRow> {
    const path = await repo.findPath(this.db, id);
    if (!path || path.organisation_id !== actor.organisationId || !PathsService.canMake(actor)) throw notFound();
    return path;
  }

  private async editable(actor: TUser, id: string): Promise<repo.PathRow> {
    const path = await this.visible(actor, id);
    if (!PathsService.canEdit(actor, path)) throw new AppError('FORBIDDEN', 403, 'paths.editRights');
    return path;
  }

  private async summaries(actor: TUser, paths: repo.PathRow[]): Promise<TPathSummary[]> {
    const ids = paths.map((p) => p.id);
    const [courses, counts] = await Promise.all([repo.coursesOf(this.db, ids), repo.countsOf(this.db, ids)]);
    return paths.map((p) => {
      const count = counts.find((c) => c.path_id === p.id);
      return {
        id: p.id,
        title: p.title,
        description: p.description,
        courses: courses
          .filter((c) => c.path_id === p.id)
          .map((c) => ({ id: c.id, title: c.title, slug: c.slug, published: c.status === 'published' })),
        people: Number(count?.people ?? 0),
        completed: Number(count?.completed ?? 0),
        createdBy: p.created_by,
        canEdit: PathsService.canEdit(actor, p),
        updatedAt: p.updated_at,
      };
    });
  }

  /** GET /api/paths: the company's paths, for admins and instructors. */
  async list(actor: TUser): Promise<TPathSummary[]> {
    if (!PathsService.canMake(actor)) throw new AppError('FORBIDDEN', 403, 'paths.editRights');
    return this.summaries(actor, await repo.listPaths(this.db, actor.organisationId));
  }

  /** GET /api/paths/courses: the courses the caller may put on a path: the company's published ones (an instructor's own). */
  async courses(actor: TUser): Promise<{ id: string; title: string }[]> {
    if (!PathsService.canMake(actor)) throw new AppError('FORBIDDEN', 403, 'paths.editRights');
    return repo.companyCourses(this.db, actor.organisationId, actor.role === 'instructor' ? actor.id : undefined);
  }

  /** GET /api/paths/:id: a path with the people on it and how far each is. */
  async detail(actor: TUser, id: string): Promise<TPathDetail> {
    const path = await this.visible(actor, id);
    const [summary] = await this.summaries(actor, [path]);
    const members = await repo.membersOf(this.db, path.id);
    return {
      ...summary!,
      members: members.map((m) => ({
        userId: m.user_id,
        name: m.contact_name,
        email: m.email,
        enrolledAt: m.enrolled_at,
        dueAt: m.due_at,
        completedCourses: Number(m.completed_courses ?? 0),
        completedAt: m.completed_at,
      })),
    };
  }

  /**
   * The courses given, in order. Those not on the path yet must be the company's published courses,
   * and an instructor's own: an instructor assigns only the courses they teach, on a path as alone.
   * Those already on it may stay, also when unpublished since (the path can still be renamed).
   */
  private async checkedCourses(actor: TUser, courseIds: readonly string[], kept: readonly string[] = []): Promise<string[]> {
    const added = courseIds.filter((id) => !kept.includes(id));
    const ownerId = actor.role === 'instructor' ? actor.id : undefined;
    const found = new Set(await repo.publishedCourses(this.db, actor.organisationId, added, ownerId));
    if (added.some((id) => !found.has(id))) {
      const key = ownerId ? 'paths.ownCoursesOnly' : 'paths.courseUnknown';
      throw new AppError('VALIDATION', 400, key, { fields: { courseIds: key } });
    }
    return [...courseIds];
  }

  /** POST /api/paths */
  async create(actor: TUser, input: TPathCreate): Promise<TPathDetail> {
    if (!PathsService.canMake(actor)) throw new AppError('FORBIDDEN', 403, 'paths.editRights');
    const courseIds = await this.checkedCourses(actor, input.courseIds ?? []);
    const now = new Date().toISOString();
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await repo.insertPath(trx, {
        id,
        organisation_id: actor.organisationId,
        title: input.title,
        description: input.description ?? '',
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceCourses(trx, id, courseIds);
    });
    return this.detail(actor, id);
  }

  /**
   * PATCH /api/paths/:id: its title, description or courses. The people on it who have not finished
   * it are enrolled in a course added; a course taken off may finish the path for some of them.
   */
  async update(actor: TUser, id: string, input: TPathUpdate): Promise<TPathDetail> {
    const path = await this.editable(actor, id);
    const before = (await repo.coursesOf(this.db, [path.id])).map((c) => c.id);
    const courseIds = input.courseIds ? await this.checkedCourses(actor, input.courseIds, before) : undefined;
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePath(trx, path.id, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        updated_at: new Date().toISOString(),
      });
      if (courseIds) await repo.replaceCourses(trx, path.id, courseIds);
    });
    const added = courseIds?.filter((courseId) => !before.includes(courseId)) ?? [];
    const removed = before.some((courseId) => courseIds && !courseIds.includes(courseId));
    if (added.length > 0 || removed)
      for (const place of await repo.openPathEnrolments(this.db, { pathId: path.id })) {
        for (const courseId of added) await this.enrolments.require(courseId, place.user_id, place.due_at, place.assigned_by);
        await this.finishIfDone(place);
      }
    return this.detail(actor, path.id);
  }

  /** DELETE /api/paths/:id: the path and the places on it go; the courses' enrolments and the certificates earned stay. */
  async remove(actor: TUser, id: string): Promise<void> {
    const path = await this.editable(actor, id);
    await repo.deletePath(this.db, path.id);
  }

  /**
   * POST /api/paths/:id/assignments: puts members on the path, enrolling each in its courses as
   * assigned (due with the path); for someone already on it, moves the due date when one is given.
   */
  async assign(
    actor: TUser,
    id: string,
    input: { userIds: string[]; dueAt?: string | null | undefined },
  ): Promise<{ assigned: number; updated: number }> {
    const path = await this.editable(actor, id);
    const courses = await repo.coursesOf(this.db, [path.id]);
    if (courses.length === 0) throw new AppError('PATH_EMPTY', 409, 'paths.empty');
    if (courses.some((c) => c.status !== 'published')) throw new AppError('NOT_PUBLISHED', 409, 'paths.unpublishedCourse');
    // As a course's assignment: an instructor assigns the courses they teach, and no other.
    if (actor.role === 'instructor' && courses.some((c) => c.owner_id !== actor.id))
      throw new AppError('FORBIDDEN', 403, 'paths.assignRights');
    const ids = [...new Set(input.userIds)];
    const members = await this.enrolments.activeMembers(actor.organisationId, ids);
    if (members.length !== ids.length)
      throw new AppError('VALIDATION', 400, 'learning.assignUnknown', { fields: { userIds: 'learning.assignUnknown' } });
    const dueAt = input.dueAt ? new Date(input.dueAt).toISOString() : null;
    let assigned = 0;
    let updated = 0;
    for (const userId of members) {
      const inserted = await repo.insertPathEnrolment(this.db, {
        id: newId(),
        path_id: path.id,
        user_id: userId,
        organisation_id: actor.organisationId,
        assigned_by: actor.id,
        due_at: dueAt,
        enrolled_at: new Date().toISOString(),
        completed_at: null,
      });
      const place = (await repo.findPathEnrolment(this.db, path.id, userId))!;
      const newDue = !inserted && input.dueAt !== undefined && !place.completed_at;
      if (inserted) assigned += 1;
      else updated += 1;
      if (newDue) {
        await repo.setPathDueAt(this.db, place.id, dueAt);
        place.due_at = dueAt;
      }
      if (place.completed_at) continue;
      for (const course of courses) {
        await this.enrolments.require(course.id, userId, place.due_at, actor.id);
        // Given again with a date: the courses not finished yet are due then, later or earlier.
        if (newDue) await this.enrolments.setDueDate(course.id, userId, dueAt);
      }
      await this.finishIfDone(place);
    }
    return { assigned, updated };
  }

  /** DELETE /api/paths/:id/assignments/:userId: takes the person off the path; their courses' enrolments and progress stay. */
  async unassign(actor: TUser, id: string, userId: string): Promise<void> {
    const path = await this.editable(actor, id);
    if (!(await repo.deletePathEnrolment(this.db, path.id, userId))) throw notFound();
  }

  /** A course was completed (its enrolment's id): each unfinished path of the person holding it may now be finished. */
  async courseCompleted(enrolmentId: string): Promise<void> {
    const enrolment = await repo.findEnrolment(this.db, enrolmentId);
    if (!enrolment) return;
    for (const place of await repo.openPathEnrolments(this.db, { userId: enrolment.user_id, courseId: enrolment.course_id }))
      await this.finishIfDone(place);
  }

  /** The completion hook: a path not finished now (an error) never fails the learner's request; the next completion, or a change of the path, finishes it. */
  async courseCompletedQuietly(enrolmentId: string): Promise<void> {
    try {
      await this.courseCompleted(enrolmentId);
    } catch (error) {
      this.log.error({ err: error, enrolmentId }, 'learning paths not brought in line after a completed course');
    }
  }

  /** Marks the place finished once every course of its path (one at least) is completed; its certificate follows. */
  private async finishIfDone(place: repo.PathEnrolmentRow): Promise<void> {
    const { total, left } = await repo.coursesLeft(this.db, place.path_id, place.user_id);
    if (total === 0 || left > 0) return;
    if (!(await repo.markCompleted(this.db, place.id, new Date().toISOString()))) return;
    try {
      await this.hooks.onFinished?.(place.id);
    } catch (error) {
      // The place is finished; its certificate is issued when the person next lists theirs.
      this.log.error({ err: error, pathEnrolmentId: place.id }, 'a learning path certificate was not issued; it will be');
    }
  }

  /** GET /api/learning/paths: the paths I am on, each course in order with my progress in it. */
  async mine(actor: TUser): Promise<TMyPath[]> {
    const paths = await repo.pathsOfPerson(this.db, actor.id);
    const courses = await repo.coursesOf(
      this.db,
      paths.map((p) => p.id),
    );
    const progress = await repo.progressIn(this.db, actor.id, [...new Set(courses.map((c) => c.id))]);
    return paths.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      dueAt: p.due_at,
      enrolledAt: p.enrolled_at,
      completedAt: p.completed_at,
      certificateCode: p.certificate_code,
      courses: courses
        .filter((c) => c.path_id === p.id)
        .map((c) => {
          const mineIn = progress.find((e) => e.course_id === c.id);
          const completed = !!mineIn && (mineIn.completed_at !== null || mineIn.cycle > 1);
          return {
            id: c.id,
            title: c.title,
            slug: c.slug,
            published: c.status === 'published',
            progress: completed ? 100 : (mineIn?.progress ?? 0),
            completed,
          };
        }),
    }));
  }
}
