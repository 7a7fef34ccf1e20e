import type { Db } from '../../../db/database.ts';

/** The SQL of the dashboard's attention list: what waits on one instructor, each list with its total. */

type Num = number | string;

/** Reviews with a comment on the owner's courses, written since `since`, that have no answer yet: the newest, and how many. */
export async function unansweredReviews(db: Db, ownerId: string, since: string, limit: number) {
  const base = db
    .selectFrom('reviews as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .where('c.owner_id', '=', ownerId)
    .where('r.reply', 'is', null)
    .where('r.comment', '!=', '')
    .where('r.created_at', '>=', since);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.course_id', 'c.title', 'u.contact_name', 'r.rating', 'r.created_at'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(limit)
      .execute(),
    base.select((s) => s.fn.countAll<Num>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** The owner's courses in draft, last edited first, and how many there are. */
export async function draftCourses(db: Db, ownerId: string, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('courses')
      .select(['id', 'title', 'updated_at'])
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'draft')
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('courses')
      .select((s) => s.fn.countAll<Num>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** Enrolments in the owner's courses past their due date and not completed, longest overdue first. */
export async function overdueEnrolments(db: Db, ownerId: string, now: string, limit: number) {
  const base = db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .where('c.owner_id', '=', ownerId)
    .where('e.due_at', '<', now)
    .where('e.completed_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'u.contact_name', 'c.id as course_id', 'c.title', 'e.due_at'])
      .orderBy('e.due_at')
      .orderBy('e.user_id')
      .limit(limit)
      .execute(),
    base.select((s) => s.fn.countAll<Num>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/**
 * The person's AI jobs that failed since `since`, newest first, leaving out those a later run of
 * the same kind on the same course (or with no course) replaced: it succeeded or is under way.
 */
export async function unresolvedFailedJobs(db: Db, userId: string, since: string) {
  return db
    .selectFrom('ai_jobs as j')
    .leftJoin('courses as c', 'c.id', 'j.course_id')
    .select(['j.id', 'j.kind', 'j.course_id', 'c.title', 'j.finished_at', 'j.updated_at'])
    .where('j.user_id', '=', userId)
    .where('j.status', '=', 'failed')
    .where('j.updated_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ai_jobs as later')
            .select('later.id')
            .whereRef('later.user_id', '=', 'j.user_id')
            .whereRef('later.kind', '=', 'j.kind')
            .where((eb) =>
              eb.or([
                eb('later.course_id', '=', eb.ref('j.course_id')),
                eb.and([eb('later.course_id', 'is', null), eb('j.course_id', 'is', null)]),
              ]),
            )
            .whereRef('later.created_at', '>', 'j.created_at')
            .where('later.status', 'in', ['succeeded', 'queued', 'running']),
        ),
      ),
    )
    .orderBy('j.updated_at', 'desc')
    .orderBy('j.id')
    .execute();
}
