import type { Db } from '../../db/database.ts';

/**
 * The only SQL for the instructor dashboard and the company overview. Every figure is an SQL
 * aggregate (COUNT, AVG, GROUP BY) over one instructor's courses (courses.owner_id); no rows are
 * loaded to be counted. PostgreSQL answers COUNT as bigint text and AVG as numeric text, so the
 * service turns them into numbers.
 */

type Num = number | string;
type NullableNum = Num | null;

export async function findPerson(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'organisation_id', 'role']).where('id', '=', id).executeTakeFirst();
}

/** The instructor's courses with their enrolment, completion and review aggregates. */
export async function instructorCourses(db: Db, ownerId: string) {
  return db
    .selectFrom('courses as c')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('enrolments as e')
          .innerJoin('courses as ec', 'ec.id', 'e.course_id')
          .where('ec.owner_id', '=', ownerId)
          .select((s) => ['e.course_id', s.fn.countAll<Num>().as('students'), s.fn.count<Num>('e.completed_at').as('completions'), s.fn.avg<NullableNum>('e.progress').as('progress')])
          .groupBy('e.course_id')
          .as('en'),
      (join) => join.onRef('en.course_id', '=', 'c.id'),
    )
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
      'en.students',
      'en.completions',
      'en.progress',
      'rv.rating',
      'rv.reviews',
    ])
    .where('c.owner_id', '=', ownerId)
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id')
    .execute();
}

/** Course page views per course of the instructor since `since`. */
export async function viewsByCourse(db: Db, ownerId: string, since: string) {
  return db
    .selectFrom('course_views as v')
    .innerJoin('courses as c', 'c.id', 'v.course_id')
    .select((s) => ['v.course_id', s.fn.countAll<Num>().as('views')])
    .where('c.owner_id', '=', ownerId)
    .where('v.viewed_at', '>=', since)
    .groupBy('v.course_id')
    .execute();
}

/** The headline figures over all the instructor's courses. */
export async function instructorTotals(db: Db, ownerId: string, viewsSince: string) {
  const [courses, enrolments, reviews, views] = await Promise.all([
    db.selectFrom('courses').select((s) => s.fn.countAll<Num>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow(),
    db
      .selectFrom('enrolments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select((s) => [
        s.fn.countAll<Num>().as('enrolments'),
        s.fn.count<Num>('e.completed_at').as('completions'),
        s.fn.count<Num>('e.user_id').distinct().as('students'),
      ])
      .where('c.owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reviews as r')
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .select((s) => s.fn.avg<NullableNum>('r.rating').as('rating'))
      .where('c.owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course_views as v')
      .innerJoin('courses as c', 'c.id', 'v.course_id')
      .select((s) => s.fn.countAll<Num>().as('n'))
      .where('c.owner_id', '=', ownerId)
      .where('v.viewed_at', '>=', viewsSince)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    courses: courses.n,
    enrolments: enrolments.enrolments,
    completions: enrolments.completions,
    students: enrolments.students,
    rating: reviews.rating,
    views: views.n,
  };
}

/** The newest events on the instructor's courses, with who and which course (and a review's rating and comment). */
export async function instructorActivity(db: Db, ownerId: string, limit: number) {
  return db
    .selectFrom('activity as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('reviews as r', (join) => join.onRef('r.course_id', '=', 'a.course_id').onRef('r.user_id', '=', 'a.user_id'))
    .select(['a.id', 'a.kind', 'a.created_at', 'u.contact_name', 'c.title', 'r.rating', 'r.comment'])
    .where('c.owner_id', '=', ownerId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** Learners enrolled in the instructor's courses: how many of them, average progress, latest activity. */
export async function instructorStudents(db: Db, ownerId: string, limit: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select((s) => [
      'u.id',
      'u.contact_name',
      'u.email',
      'o.name as company',
      s.fn.countAll<Num>().as('courses'),
      s.fn.avg<NullableNum>('e.progress').as('progress'),
      s.fn.max(s.fn.coalesce('e.last_activity_at', 'e.enrolled_at')).as('last_active'),
    ])
    .where('c.owner_id', '=', ownerId)
    .groupBy(['u.id', 'u.contact_name', 'u.email', 'o.name'])
    .orderBy('last_active', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** Enrolments and completions per UTC day (YYYY-MM-DD) since `since`. */
export async function dailySeries(db: Db, ownerId: string, since: string) {
  const per = (column: 'enrolled_at' | 'completed_at') =>
    db
      .selectFrom('enrolments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select((s) => [s.fn<string>('substr', [`e.${column}`, s.val(1), s.val(10)]).as('day'), s.fn.countAll<Num>().as('n')])
      .where('c.owner_id', '=', ownerId)
      .where(`e.${column}`, '>=', since)
      .groupBy('day')
      .execute();
  const [enrolled, completed] = await Promise.all([per('enrolled_at'), per('completed_at')]);
  return { enrolled, completed };
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
    .select(['r.id', 'r.course_id', 'c.title', 'u.contact_name', 'r.rating', 'r.comment', 'r.created_at', 'r.updated_at'])
    .where('c.owner_id', '=', ownerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
