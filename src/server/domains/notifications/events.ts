import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { NotificationsService } from './service.ts';

/** An enrolment with its course and person, as the events about it are told. */
function findEnrolment(db: Db, enrolmentId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.user_id', 'e.source', 'e.due_at', 'c.id as course_id', 'c.title', 'c.owner_id', 'u.contact_name'])
    .where('e.id', '=', enrolmentId)
    .executeTakeFirst();
}

/**
 * What the other domains tell as it happens, by id (the composition root wires their hooks here):
 * each looks up what its notifications say and tells them. A notification that cannot be told is
 * logged; it never undoes or fails what it tells of.
 */
export class NotificationEvents {
  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async quietly(what: string, tell: () => Promise<unknown>): Promise<void> {
    try {
      await tell();
    } catch (error) {
      this.log.error({ err: error, event: what }, 'a notification could not be told');
    }
  }

  /** A new enrolment: the learner hears of an assignment (with its due date), the course's instructor of a new learner. */
  enrolled(enrolmentId: string): Promise<void> {
    return this.quietly('enrolled', async () => {
      const e = await findEnrolment(this.db, enrolmentId);
      if (!e) return;
      if (e.source === 'assigned') await this.assigned(e);
      if (e.owner_id !== e.user_id) {
        await this.notifications.notify({
          kind: 'new-enrolment',
          userId: e.owner_id,
          key: `enrolled:${e.id}`,
          params: { course: e.title, learner: e.contact_name },
          link: `/dashboard/courses/${e.course_id}`,
        });
      }
    });
  }

  /** An assignment's due date was set or changed: the learner hears of the new date (once per date). */
  dueDateChanged(enrolmentId: string): Promise<void> {
    return this.quietly('due date changed', async () => {
      const e = await findEnrolment(this.db, enrolmentId);
      if (e) await this.assigned(e);
    });
  }

  private assigned(e: NonNullable<Awaited<ReturnType<typeof findEnrolment>>>) {
    return this.notifications.notify({
      kind: 'course-assigned',
      userId: e.user_id,
      key: `assigned:${e.id}:${e.due_at ?? 'none'}`,
      params: { course: e.title, ...(e.due_at && { dueAt: e.due_at }) },
      link: `/learn/${e.course_id}`,
    });
  }

  /** A lesson completed: its learner hears of it (in the app, by default). */
  lessonCompleted(enrolmentId: string, lessonId: string): Promise<void> {
    return this.quietly('lesson completed', async () => {
      const [e, lesson] = await Promise.all([
        findEnrolment(this.db, enrolmentId),
        this.db.selectFrom('lessons').select(['id', 'title']).where('id', '=', lessonId).executeTakeFirst(),
      ]);
      if (!e || !lesson) return;
      await this.notifications.notify({
        kind: 'lesson-completed',
        userId: e.user_id,
        key: `lesson:${e.id}:${lesson.id}`,
        params: { course: e.title, lesson: lesson.title },
        link: `/learn/${e.course_id}`,
      });
    });
  }

  /** A course completed: the learner hears their certificate is ready, the instructor of the completion. */
  courseCompleted(enrolmentId: string): Promise<void> {
    return this.quietly('course completed', async () => {
      const e = await findEnrolment(this.db, enrolmentId);
      if (!e) return;
      await this.notifications.notify({
        kind: 'course-completed',
        userId: e.user_id,
        key: `completed:${e.id}`,
        params: { course: e.title },
        link: '/certificates',
      });
      if (e.owner_id !== e.user_id) {
        await this.notifications.notify({
          kind: 'new-completion',
          userId: e.owner_id,
          key: `completed:${e.id}`,
          params: { course: e.title, learner: e.contact_name },
          link: `/dashboard/courses/${e.course_id}`,
        });
      }
    });
  }
}
