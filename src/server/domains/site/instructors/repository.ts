import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/**
 * The SQL for the instructor dashboard and the company overview (the attention list has its own,
 * attention-repository.ts). Every figure is an SQL
 * aggregate (COUNT, SUM, AVG, GROUP BY) over one instructor's courses (courses.owner_id); no rows are
 * loaded to be counted. Enrolment, completion, learner and view counts are summed from the figures
 * the database keeps as they happen (course_figures, course_day_figures, owner_learners: migration
 * 008), not counted row by row. PostgreSQL answers COUNT and SUM as bigint or numeric text and AVG
 * as numeric text, so the service turns them into numbers.
 */

type Num = number | string;
type NullableNum = Num | null;

/**
 * A person, with the version of the figures of the courses they own (migration 032; null before any
 * write raised it), read in the same statement: the one round trip a kept answer costs.
 */
export async function findPerson(db: Db, id: string) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.organisation_id',
      'u.role',
      eb.selectFrom('organisations as o').select('o.plan').whereRef('o.id', '=', 'u.organisation_id').as('plan'),
      eb.selectFrom('dashboard_versions as dv').select('dv.version').whereRef('dv.owner_id', '=', 'u.id').as('figures_version'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** The instructor's courses with their enrolment, completion and review aggregates. */
export async function instructorCourses(db: Db, ownerId: string) {
  return db
    .selectFrom('courses as c')
    .leftJoin('course_figures as en', 'en.course_id', 'c.id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('reviews as r')
          .innerJoin('courses as rc', 'rc.id', 'r.course_id')
          .where('rc.owner_id', '=', ownerId)
          .select((s) => ['r.course_id', s.fn.avg<NullableNum>('r.rating').as('rating'), s.fn.countAll<Num>().as('reviews')])
          .groupBy('r.course_id')
          .as('rv'),
      (join) => join.onRef('rv.course_id', '=', 'c.id'),
    )
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.status',
      'c.created_at',
      'c.updated_at',
      'c.price',
      'c.currency',
      'c.category',
      'c.thumbnail_upload_id',
      'en.enrolments as students',
      'en.completions',
      // The average of the enrolments' progress, as AVG would answer it (none: null).
      sql<NullableNum>`case when en.enrolments > 0 then en.progress_total * 1.0 / en.enrolments end`.as('progress'),
      'rv.rating',
      'rv.reviews',
    ])
    .where('c.owner_id', '=', ownerId)
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id')
    .execute();
}

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) after the one an ISO timestamp falls on. */
export const nextDayOf = (iso: string) => new Date(Date.parse(iso.slice(0, 10)) + DAY_MS).toISOString().slice(0, 10);

/**
 * The instructor's course page views since `since`, as (course_id, n) rows to be summed: the days
 * after since's own from course_day_figures, and since's own day from `since` on from the views.
 */
function viewCounts(db: Db, ownerId: string, since: string) {
  const day = since.slice(0, 10);
  const nextDay = nextDayOf(since);
  return db
    .selectFrom('course_day_figures as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .select(['d.course_id', 'd.views as n'])
    .where('c.owner_id', '=', ownerId)
    .where('d.day', '>', day)
    .unionAll(
      db
        .selectFrom('course_views as v')
        .innerJoin('courses as c', 'c.id', 'v.course_id')
        .select(['v.course_id', sql<number>`1`.as('n')])
        .where('c.owner_id', '=', ownerId)
        .where('v.viewed_at', '>=', since)
        .where('v.viewed_at', '<', nextDay),
    );
}

/** Course page views per course of the instructor since `since`. */
export async function viewsByCourse(db: Db, ownerId: string, since: string) {
  return db
    .selectFrom(viewCounts(db, ownerId, since).as('v'))
    .select((s) => ['v.course_id', s.fn.sum<Num>('v.n').as('views')])
    .groupBy('v.course_id')
    .execute();
}

/**
 * The headline figures over all the instructor's courses, in one statement: each figure is a scalar
 * subquery over the kept counts, so the database answers them in a single round trip rather than
 * five (with several dashboards open at once, every statement's own overhead on the one event loop
 * adds to everyone's wait).
 */
export async function instructorTotals(db: Db, ownerId: string, viewsSince: string) {
  const ownedFigures = () =>
    db.selectFrom('course_figures as f').innerJoin('courses as c', 'c.id', 'f.course_id').where('c.owner_id', '=', ownerId);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('courses')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('owner_id', '=', ownerId)
        .as('courses'),
      ownedFigures()
        .select((s) => s.fn.sum<NullableNum>('f.enrolments').as('n'))
        .as('enrolments'),
      ownedFigures()
        .select((s) => s.fn.sum<NullableNum>('f.completions').as('n'))
        .as('completions'),
      eb
        .selectFrom('owner_learners')
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('owner_id', '=', ownerId)
        .as('students'),
      eb
        .selectFrom('reviews as r')
        .innerJoin('courses as c', 'c.id', 'r.course_id')
        .select((s) => s.fn.avg<NullableNum>('r.rating').as('n'))
        .where('c.owner_id', '=', ownerId)
        .as('rating'),
      eb
        .selectFrom(viewCounts(db, ownerId, viewsSince).as('v'))
        .select((s) => s.fn.sum<NullableNum>('v.n').as('n'))
        .as('views'),
      // The first view the rolling window will lose as time passes (none on its first day: null).
      eb
        .selectFrom('course_views as v')
        .innerJoin('courses as c', 'c.id', 'v.course_id')
        .select((s) => s.fn.min<string>('v.viewed_at').as('n'))
        .where('c.owner_id', '=', ownerId)
        .where('v.viewed_at', '>=', viewsSince)
        .where('v.viewed_at', '<', nextDayOf(viewsSince))
        .as('views_leaving'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * Enrolments and completions on the owner's courses from `currentFrom` on, and from `previousFrom`
 * up to `currentFrom` (the (course_id, enrolled_at) and (course_id, completed_at) indexes answer them).
 */
export async function instructorTrends(db: Db, ownerId: string, previousFrom: string, currentFrom: string) {
  const owned = () => db.selectFrom('enrolments as e').innerJoin('courses as c', 'c.id', 'e.course_id').where('c.owner_id', '=', ownerId);
  return db
    .selectNoFrom(() => [
      owned()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('e.enrolled_at', '>=', currentFrom)
        .as('enrolments_now'),
      owned()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('e.enrolled_at', '>=', previousFrom)
        .where('e.enrolled_at', '<', currentFrom)
        .as('enrolments_before'),
      owned()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('e.completed_at', '>=', currentFrom)
        .as('completions_now'),
      owned()
        .select((s) => s.fn.countAll<Num>().as('n'))
        .where('e.completed_at', '>=', previousFrom)
        .where('e.completed_at', '<', currentFrom)
        .as('completions_before'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The newest events on the instructor's courses, with who and which course (and a review's rating and comment).
 * Only each course's own `limit` newest events can be among the `limit` newest overall, so nothing
 * older than the latest of the courses' `limit`-th newest event is read (`since`, from the
 * (course_id, created_at) index): at most `limit` events a course, however long the history. It is
 * found first, on its own, so PostgreSQL plans the events' query knowing how few rows follow it.
 */
export async function instructorActivity(db: Db, ownerId: string, limit: number) {
  const { since } = await db
    .selectFrom('courses as sc')
    .select((eb) =>
      eb.fn
        .max(
          eb
            .selectFrom('activity as sa')
            .select('sa.created_at')
            .whereRef('sa.course_id', '=', 'sc.id')
            .orderBy('sa.created_at', 'desc')
            .limit(1)
            .offset(limit - 1),
        )
        .as('since'),
    )
    .where('sc.owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return (
    db
      .selectFrom('activity as a')
      .innerJoin('courses as c', 'c.id', 'a.course_id')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('reviews as r', (join) => join.onRef('r.course_id', '=', 'a.course_id').onRef('r.user_id', '=', 'a.user_id'))
      // A question is recorded under its own id; a hidden one says nothing here.
      .leftJoin('course_questions as q', (join) =>
        join.onRef('q.id', '=', 'a.id').on('a.kind', '=', 'message').on('q.hidden_at', 'is', null),
      )
      .select(['a.id', 'a.kind', 'a.created_at', 'u.contact_name', 'c.title', 'r.rating', 'r.comment', 'q.body as question'])
      .where('c.owner_id', '=', ownerId)
      // A course with fewer events has no `limit`-th (null); when none has, every event counts.
      .where('a.created_at', '>=', since ?? '')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * Learners enrolled in the instructor's courses: how many of them, average progress, latest activity.
 * The enrolments are grouped by learner alone (from the covering index) and only the page's learners
 * are joined to their names and companies, not every learner's row before the limit.
 */
export async function instructorStudents(db: Db, ownerId: string, limit: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .select((s) => [
          'e.user_id',
          s.fn.countAll<Num>().as('courses'),
          s.fn.avg<NullableNum>('e.progress').as('progress'),
          s.fn.max(s.fn.coalesce('e.last_activity_at', 'e.enrolled_at')).as('last_active'),
        ])
        .where('c.owner_id', '=', ownerId)
        .groupBy('e.user_id')
        .orderBy('last_active', 'desc')
        .orderBy('e.user_id')
        .limit(limit)
        .as('s'),
    )
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.contact_name', 'u.email', 'o.name as company', 's.courses', 's.progress', 's.last_active'])
    .orderBy('s.last_active', 'desc')
    .orderBy('u.id')
    .execute();
}

/** Enrolments and completions per UTC day (YYYY-MM-DD) from `fromDay` (YYYY-MM-DD) on. */
export async function dailySeries(db: Db, ownerId: string, fromDay: string) {
  const rows = await db
    .selectFrom('course_day_figures as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .select((s) => ['d.day', s.fn.sum<Num>('d.enrolments').as('enrolled'), s.fn.sum<Num>('d.completions').as('completed')])
    .where('c.owner_id', '=', ownerId)
    .where('d.day', '>=', fromDay)
    .groupBy('d.day')
    .execute();
  return { enrolled: rows.map((r) => ({ day: r.day, n: r.enrolled })), completed: rows.map((r) => ({ day: r.day, n: r.completed })) };
}

/** An admin's figures for their company. */
export async function organisationFigures(db: Db, organisationId: string, now: string) {
  const [roles, assigned, overdue, org] = await Promise.all([
    db
      .selectFrom('users')
      .select((s) => ['role', s.fn.countAll<Num>().as('n'), s.fn.count<Num>('deactivated_at').as('deactivated')])
      .where('organisation_id', '=', organisationId)
      .groupBy('role')
      .execute(),
    db
      .selectFrom('enrolments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select((s) => s.fn.countAll<Num>().as('n'))
      .where('u.organisation_id', '=', organisationId)
      .where('e.source', '=', 'assigned')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('enrolments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select((s) => s.fn.count<Num>('e.user_id').distinct().as('n'))
      .where('u.organisation_id', '=', organisationId)
      .where('e.due_at', '<', now)
      .where('e.completed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db.selectFrom('organisations').select(['plan']).where('id', '=', organisationId).executeTakeFirstOrThrow(),
  ]);
  return { roles, assigned: assigned.n, overdue: overdue.n, plan: org.plan };
}

/** Active learners: the seats a plan limits. */
export async function activeLearners(db: Db, organisationId: string) {
  const row = await db
    .selectFrom('users')
    .select((s) => s.fn.countAll<Num>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'learner')
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Reviews of the instructor's courses, newest first, with the course and the reviewer's name. */
export async function instructorReviews(db: Db, ownerId: string, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as replier', 'replier.id', 'r.replied_by')
    .select([
      'r.id',
      'r.course_id',
      'c.title',
      'u.contact_name',
      'r.rating',
      'r.comment',
      'r.created_at',
      'r.updated_at',
      'r.reply',
      'r.replied_at',
      'replier.contact_name as replied_by_name',
    ])
    .where('c.owner_id', '=', ownerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
