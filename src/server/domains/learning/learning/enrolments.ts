import type { Role } from '../../../../shared/constants.ts';
import type { TEnrolment, TLearningItem } from '../../../../shared/schemas/learning.ts';
import { uploadUrl } from '../../../../shared/schemas/uploads.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { type Executor, giveSeatBack, takeSeat } from '../../commerce/index.ts';
import * as repo from './repository.ts';

const notFound = () => new AppError('NOT_FOUND', 404, 'learning.courseNotFound');

function toEnrolment(row: repo.EnrolmentRow): TEnrolment {
  return {
    id: row.id,
    courseId: row.course_id,
    userId: row.user_id,
    source: row.source === 'assigned' ? 'assigned' : 'self',
    dueAt: row.due_at,
    enrolledAt: row.enrolled_at,
    progress: row.progress,
    completedAt: row.completed_at,
  };
}

/**
 * Who takes which course: a learner enrolling (in another company's paid course only with a seat
 * their company bought), an admin or the course's instructor assigning it with a due date, and a
 * learner's list of courses with where to continue.
 */
export interface EnrolmentHooks {
  /** After an enrolment is made (self or assigned), once it is committed. */
  onEnrolled?: (enrolmentId: string) => Promise<void>;
  /** After an assignment's due date was set or changed. */
  onDueDateChanged?: (enrolmentId: string) => Promise<void>;
}

export class EnrolmentsService {
  constructor(
    private readonly db: Db,
    private readonly hooks: EnrolmentHooks = {},
  ) {}

  /** POST /api/courses/:id/enrol: one enrolment however often (and however concurrently) it is asked for. */
  async enrol(actor: TUser, courseId: string): Promise<{ enrolment: TEnrolment; created: boolean }> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course || course.status !== 'published') throw notFound();
    let needsSeat = false;
    if (course.organisation_id !== actor.organisationId) {
      if (course.visibility === 'private') throw notFound();
      // Another company's paid course: bought by this person (enrolled at payment), or one of the
      // seats their company bought, taken now and given back if they were enrolled.
      needsSeat = course.pricing !== 'free' && !(await repo.findEnrolment(this.db, courseId, actor.id));
    }
    const enrol = (db: Executor) => this.insertEnrolment(db, course, actor.id, { source: 'self', assignedBy: null, dueAt: null });
    // The seat and the enrolment are written together: a seat is never used up without one.
    const created = !needsSeat
      ? await enrol(this.db)
      : await this.db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          if (!(await takeSeat(trx, actor.organisationId, courseId, now)))
            throw new AppError('PAYMENT_REQUIRED', 409, 'learning.paidNotYet');
          const inserted = await enrol(trx);
          if (!inserted) await giveSeatBack(trx, actor.organisationId, courseId, now);
          return inserted;
        });
    const row = await repo.findEnrolment(this.db, courseId, actor.id);
    if (created && row) await this.hooks.onEnrolled?.(row.id);
    return { enrolment: toEnrolment(row!), created };
  }

  private async insertEnrolment(
    db: Executor,
    course: { id: string; organisation_id: string },
    userId: string,
    how: { source: 'self' | 'assigned'; assignedBy: string | null; dueAt: string | null },
  ) {
    const now = new Date().toISOString();
    const created = await repo.insertEnrolment(db, {
      id: newId(),
      course_id: course.id,
      user_id: userId,
      source: how.source,
      assigned_by: how.assignedBy,
      due_at: how.dueAt,
      enrolled_at: now,
      progress: 0,
      last_lesson_id: null,
      last_activity_at: null,
      completed_at: null,
    });
    if (created)
      await repo.insertActivity(db, {
        id: newId(),
        organisationId: course.organisation_id,
        courseId: course.id,
        userId,
        kind: 'enrollment',
        now,
      });
    return created;
  }

  /** POST /api/courses/:id/assignments: an admin, or the course's instructor, assigns it to members with an optional due date. */
  async assign(
    actor: TUser,
    courseId: string,
    input: { userIds: string[]; dueAt?: string | null | undefined },
  ): Promise<{ assigned: number; updated: number }> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course || course.organisation_id !== actor.organisationId) throw notFound();
    const role: Role = actor.role;
    if (!(role === 'admin' || (role === 'instructor' && course.owner_id === actor.id)))
      throw new AppError('FORBIDDEN', 403, 'learning.assignRights');
    if (course.status !== 'published') throw new AppError('NOT_PUBLISHED', 409, 'learning.notPublished');
    const ids = [...new Set(input.userIds)];
    const members = await repo.activeMembers(this.db, actor.organisationId, ids);
    if (members.length !== ids.length)
      throw new AppError('VALIDATION', 400, 'learning.assignUnknown', { fields: { userIds: 'learning.assignUnknown' } });
    const dueAt = input.dueAt ? new Date(input.dueAt).toISOString() : null;
    let assigned = 0;
    let updated = 0;
    for (const userId of members) {
      if (await this.insertEnrolment(this.db, course, userId, { source: 'assigned', assignedBy: actor.id, dueAt })) {
        assigned += 1;
        const row = await repo.findEnrolment(this.db, courseId, userId);
        if (row) await this.hooks.onEnrolled?.(row.id);
      } else {
        const existing = await repo.findEnrolment(this.db, courseId, userId);
        if (existing && input.dueAt !== undefined) {
          await repo.setDueAt(this.db, existing.id, dueAt);
          if (dueAt !== existing.due_at && !existing.completed_at) await this.hooks.onDueDateChanged?.(existing.id);
        }
        updated += 1;
      }
    }
    return { assigned, updated };
  }

  /**
   * A course a person must take (a requirement of theirs, or a course of a learning path they were
   * given): enrols them as assigned when they are not enrolled, and otherwise moves an unfinished
   * enrolment's due date to this one when it is earlier (or it had none). Answers the enrolment's id.
   * The person is told as by an assignment.
   */
  async require(courseId: string, userId: string, dueAt: string | null, by: string | null): Promise<string> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course) throw notFound();
    if (await this.insertEnrolment(this.db, course, userId, { source: 'assigned', assignedBy: by, dueAt })) {
      const row = (await repo.findEnrolment(this.db, courseId, userId))!;
      await this.hooks.onEnrolled?.(row.id);
      return row.id;
    }
    const existing = (await repo.findEnrolment(this.db, courseId, userId))!;
    if (dueAt !== null && !existing.completed_at && (existing.due_at === null || dueAt < existing.due_at)) {
      await repo.setDueAt(this.db, existing.id, dueAt);
      await this.hooks.onDueDateChanged?.(existing.id);
    }
    return existing.id;
  }

  /**
   * The course taken again (its certificate is about to expire): a completed enrolment starts its
   * next cycle, with no lesson done and the quizzes' attempts afresh, due by `dueAt`. The finished
   * cycle's certificate and quiz attempts stay. Answers false when the enrolment was not completed
   * (already renewed, also by a racing call).
   */
  async renew(enrolmentId: string, dueAt: string): Promise<boolean> {
    const renewed = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.startNextCycle(trx, enrolmentId, dueAt))) return false;
      await repo.resetProgress(trx, enrolmentId);
      return true;
    });
    if (renewed) await this.hooks.onDueDateChanged?.(enrolmentId);
    return renewed;
  }

  /**
   * Sets an unfinished enrolment's due date (a learning path given again with another date), later
   * or earlier; the person is told of a new date. A completed enrolment, or none, is left alone.
   */
  async setDueDate(courseId: string, userId: string, dueAt: string | null): Promise<void> {
    const existing = await repo.findEnrolment(this.db, courseId, userId);
    if (!existing || existing.completed_at || existing.due_at === dueAt) return;
    await repo.setDueAt(this.db, existing.id, dueAt);
    if (dueAt !== null) await this.hooks.onDueDateChanged?.(existing.id);
  }

  /** Of these ids, the company's active members. */
  activeMembers(organisationId: string, ids: string[]): Promise<string[]> {
    return repo.activeMembers(this.db, organisationId, ids);
  }

  async list(actor: TUser): Promise<TLearningItem[]> {
    const rows = await repo.listLearning(this.db, actor.id);
    const items: TLearningItem[] = [];
    for (const row of rows) {
      items.push({
        enrolmentId: row.id,
        courseId: row.course_id,
        title: row.title,
        slug: row.slug,
        thumbnailUrl: row.thumbnail_upload_id ? uploadUrl(row.thumbnail_upload_id) : null,
        companyName: row.company_name,
        instructor: row.instructor,
        progress: row.progress,
        lessonCount: Number(row.lesson_count ?? 0),
        completedLessons: Number(row.completed_lessons ?? 0),
        dueAt: row.due_at,
        enrolledAt: row.enrolled_at,
        completedAt: row.completed_at,
        continueLessonId: row.last_lesson_id ?? (await this.firstOpenLesson(row.id, row.course_id)),
      });
    }
    return items;
  }

  private async firstOpenLesson(enrolmentId: string, courseId: string): Promise<string | null> {
    const [lessons, progress] = await Promise.all([repo.courseLessons(this.db, courseId), repo.progressRows(this.db, enrolmentId)]);
    const done = new Set(progress.filter((p) => p.completed_at).map((p) => p.lesson_id));
    return (lessons.find((l) => !done.has(l.id)) ?? lessons[0])?.id ?? null;
  }
}
