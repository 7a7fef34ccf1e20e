import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { SCAN_KIND } from './scheduler.ts';
import type { NotificationEvent, NotificationsService } from './service.ts';

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

/** A question with its course, lesson and asker, as the events about it are told. */
function findQuestion(db: Db, questionId: string) {
  return db
    .selectFrom('course_questions as q')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('lessons as l', 'l.id', 'q.lesson_id')
    .select(['q.id', 'q.user_id', 'q.body', 'q.lesson_id', 'q.answered_by', 'c.id as course_id', 'c.title', 'c.owner_id', 'u.contact_name'])
    .select('l.title as lesson_title')
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}

/** How much of a question a notification quotes: enough to know which it is, short enough for a list. */
const QUOTED = 140;
const excerpt = (text: string) => (text.length <= QUOTED ? text : `${text.slice(0, QUOTED - 1).trimEnd()}…`);

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

  /** A first review of a course: its instructor hears of it. */
  reviewed(reviewId: string): Promise<void> {
    return this.quietly('reviewed', async () => {
      const r = await this.db
        .selectFrom('reviews as r')
        .innerJoin('courses as c', 'c.id', 'r.course_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.rating', 'r.user_id', 'c.id as course_id', 'c.title', 'c.owner_id', 'u.contact_name'])
        .where('r.id', '=', reviewId)
        .executeTakeFirst();
      if (!r || r.owner_id === r.user_id) return;
      await this.notifications.notify({
        kind: 'new-review',
        userId: r.owner_id,
        key: `review:${r.id}`,
        params: { course: r.title, learner: r.contact_name, rating: Number(r.rating) },
        link: `/dashboard/courses/${r.course_id}`,
      });
    });
  }

  /** A learner's question: the course's instructor hears of it, and where it is answered. */
  questionAsked(questionId: string): Promise<void> {
    return this.quietly('question asked', async () => {
      const q = await findQuestion(this.db, questionId);
      if (!q || q.owner_id === q.user_id) return;
      await this.notifications.notify({
        kind: 'question-asked',
        userId: q.owner_id,
        key: `question:${q.id}`,
        params: { course: q.title, learner: q.contact_name, question: excerpt(q.body), ...(q.lesson_title && { lesson: q.lesson_title }) },
        link: '/dashboard#questions',
      });
    });
  }

  /** A question's first answer: its asker hears of it, with a link to the lesson they asked from. */
  questionAnswered(questionId: string): Promise<void> {
    return this.quietly('question answered', async () => {
      const q = await findQuestion(this.db, questionId);
      if (!q || q.answered_by === q.user_id) return;
      await this.notifications.notify({
        kind: 'question-answered',
        userId: q.user_id,
        key: `answered:${q.id}`,
        params: { course: q.title, question: excerpt(q.body) },
        link: q.lesson_id ? `/learn/${q.course_id}/${q.lesson_id}#questions` : `/learn/${q.course_id}`,
      });
    });
  }

  /**
   * A reply in a question's thread: the asker hears of the course staff's (as of an answer, quoting
   * their question), the course's instructor of the asker's follow-up (as of a question, quoting it).
   */
  questionReplied(questionId: string, replyId: string): Promise<void> {
    return this.quietly('question replied', async () => {
      const q = await findQuestion(this.db, questionId);
      const reply = await this.db
        .selectFrom('course_question_replies')
        .select(['user_id', 'body'])
        .where('id', '=', replyId)
        .executeTakeFirst();
      if (!q || !reply) return;
      if (reply.user_id === q.user_id) {
        if (q.owner_id === q.user_id) return;
        await this.notifications.notify({
          kind: 'question-asked',
          userId: q.owner_id,
          key: `reply:${replyId}`,
          params: {
            course: q.title,
            learner: q.contact_name,
            question: excerpt(reply.body),
            ...(q.lesson_title && { lesson: q.lesson_title }),
          },
          link: '/dashboard#questions',
        });
        return;
      }
      await this.notifications.notify({
        kind: 'question-answered',
        userId: q.user_id,
        key: `reply:${replyId}`,
        params: { course: q.title, question: excerpt(q.body) },
        link: q.lesson_id ? `/learn/${q.course_id}/${q.lesson_id}#questions` : `/learn/${q.course_id}`,
      });
    });
  }

  /** A job ended: whoever started it hears whether it is ready or failed (the scans start none). */
  jobEnded(jobId: string): Promise<void> {
    return this.quietly('job ended', async () => {
      const job = await this.db
        .selectFrom('ai_jobs as j')
        .leftJoin('courses as c', 'c.id', 'j.course_id')
        .select(['j.id', 'j.kind', 'j.status', 'j.user_id', 'j.course_id', 'j.result', 'c.title'])
        .where('j.id', '=', jobId)
        .executeTakeFirst();
      if (!job?.user_id || job.kind === SCAN_KIND || (job.status !== 'succeeded' && job.status !== 'failed')) return;
      const result = job.result ? (JSON.parse(job.result) as { courseId?: unknown }) : {};
      const courseId = typeof result.courseId === 'string' ? result.courseId : job.course_id;
      await this.notifications.notify({
        kind: job.status === 'succeeded' ? 'job-finished' : 'job-failed',
        userId: job.user_id,
        key: `job:${job.id}:${job.status}`,
        params: { job: job.kind === 'translate-course' ? 'translate-course' : 'generate-course', ...(job.title && { course: job.title }) },
        link: courseId ? `/dashboard/courses/${courseId}` : '/dashboard/creator',
      });
    });
  }

  /** A copy of data asked for is ready: who asked hears of it, with the way to where it is downloaded (never the file's own link). */
  exportReady(ready: { userId: string; exportId: string; scope: 'person' | 'company'; expiresAt: string }): Promise<void> {
    return this.quietly('export ready', async () => {
      await this.notifications.notify({
        kind: 'export-ready',
        userId: ready.userId,
        key: `export:${ready.exportId}`,
        params: { scope: ready.scope, validUntil: ready.expiresAt },
        link: ready.scope === 'company' ? '/dashboard/settings' : '/profile?tab=security',
      });
    });
  }

  /** A Stripe event fulfilled: a payment's receipt to the buying company's admins, or a failed payment. */
  paid(event: { id: string; type: string; object: Record<string, unknown> }): Promise<void> {
    return this.quietly('payment', async () => {
      if (event.type === 'invoice.payment_failed') {
        const customer = typeof event.object.customer === 'string' ? event.object.customer : null;
        const invoice = typeof event.object.id === 'string' ? event.object.id : event.id;
        const org = customer
          ? await this.db.selectFrom('organisations').select('id').where('stripe_customer_id', '=', customer).executeTakeFirst()
          : undefined;
        if (!org) return;
        const amount = typeof event.object.amount_due === 'number' ? event.object.amount_due : undefined;
        await this.toAdmins(org.id, {
          kind: 'payment-failed',
          key: `payment-failed:${invoice}`,
          params: { ...(amount !== undefined && { amount }) },
          link: '/billing',
        });
        return;
      }
      const payments = await this.db
        .selectFrom('payments as p')
        .leftJoin('invoices as i', 'i.payment_id', 'p.id')
        .select(['p.id', 'p.buyer_organisation_id', 'p.total', 'p.currency', 'i.number'])
        .where('p.stripe_event_id', '=', event.id)
        .execute();
      for (const p of payments) {
        await this.toAdmins(p.buyer_organisation_id, {
          kind: 'payment-receipt',
          key: `payment:${p.id}`,
          params: { amount: Number(p.total), currency: p.currency.toUpperCase(), ...(p.number !== null && { invoice: String(p.number) }) },
          link: '/billing',
        });
      }
    });
  }

  /** A plan limit stopped someone: the company's admins hear of it, once a month per limit. */
  limitReached(organisationId: string, limit: 'seats' | 'courses', max: number): Promise<void> {
    return this.quietly('plan limit', () =>
      this.toAdmins(organisationId, {
        kind: 'plan-limit',
        key: `plan-limit:${limit}:${new Date().toISOString().slice(0, 7)}`,
        params: { limit, max },
        link: '/billing',
      }),
    );
  }

  private async toAdmins(organisationId: string, event: Omit<NotificationEvent, 'userId'>): Promise<void> {
    const admins = await this.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute();
    for (const admin of admins) await this.notifications.notify({ ...event, userId: admin.id });
  }
}
