import { type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';

/** The only SQL for learning paths and the people on them. */

type Executor = Db | Transaction<Database>;
export type PathRow = Selectable<Database['learning_paths']>;
export type PathEnrolmentRow = Selectable<Database['path_enrolments']>;

export async function findPath(db: Executor, id: string): Promise<PathRow | undefined> {
  return db.selectFrom('learning_paths').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPaths(db: Executor, organisationId: string): Promise<PathRow[]> {
  return db.selectFrom('learning_paths').selectAll().where('organisation_id', '=', organisationId).orderBy('title').orderBy('id').execute();
}

/** The courses of these paths, each path's in its order. */
export async function coursesOf(db: Executor, pathIds: readonly string[]) {
  if (pathIds.length === 0) return [];
  return db
    .selectFrom('learning_path_courses as pc')
    .innerJoin('courses as c', 'c.id', 'pc.course_id')
    .select(['pc.path_id', 'pc.position', 'c.id', 'c.title', 'c.slug', 'c.status', 'c.owner_id'])
    .where('pc.path_id', 'in', pathIds)
    .orderBy('pc.path_id')
    .orderBy('pc.position')
    .execute();
}

/** How many people are on each of these paths, and how many finished it. */
export async function countsOf(db: Executor, pathIds: readonly string[]) {
  if (pathIds.length === 0) return [];
  return db
    .selectFrom('path_enrolments')
    .select([
      'path_id',
      (eb) => eb.fn.countAll<number | string>().as('people'),
      (eb) => eb.fn.count<number | string>('completed_at').as('completed'),
    ])
    .where('path_id', 'in', pathIds)
    .groupBy('path_id')
    .execute();
}

/** Of these ids, the company's published courses (of one instructor, when `ownerId` is given). */
export async function publishedCourses(db: Executor, organisationId: string, ids: readonly string[], ownerId?: string): Promise<string[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('courses')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'published')
    .where('id', 'in', ids);
  if (ownerId) query = query.where('owner_id', '=', ownerId);
  return (await query.execute()).map((r) => r.id);
}

/** The company's published courses (one instructor's, when `ownerId` is given), which a path may hold. */
export async function companyCourses(db: Executor, organisationId: string, ownerId?: string) {
  let query = db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'published');
  if (ownerId) query = query.where('owner_id', '=', ownerId);
  return query.orderBy('title').orderBy('id').execute();
}

export async function insertPath(db: Executor, row: Insertable<Database['learning_paths']>): Promise<void> {
  await db.insertInto('learning_paths').values(row).execute();
}

export async function updatePath(
  db: Executor,
  id: string,
  set: { title?: string; description?: string; updated_at: string },
): Promise<void> {
  await db.updateTable('learning_paths').set(set).where('id', '=', id).execute();
}

export async function deletePath(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('learning_paths').where('id', '=', id).execute();
}

/** The path's courses become these, in this order. */
export async function replaceCourses(db: Executor, pathId: string, courseIds: readonly string[]): Promise<void> {
  await db.deleteFrom('learning_path_courses').where('path_id', '=', pathId).execute();
  if (courseIds.length > 0)
    await db
      .insertInto('learning_path_courses')
      .values(courseIds.map((course_id, position) => ({ path_id: pathId, course_id, position })))
      .execute();
}

/** The people on a path, with how many of its courses each has completed (a course taken again counts: it was completed once). */
export async function membersOf(db: Executor, pathId: string) {
  return db
    .selectFrom('path_enrolments as pe')
    .innerJoin('users as u', 'u.id', 'pe.user_id')
    .select([
      'pe.user_id',
      'u.contact_name',
      'u.email',
      'pe.enrolled_at',
      'pe.due_at',
      'pe.completed_at',
      (eb) =>
        eb
          .selectFrom('learning_path_courses as pc')
          .innerJoin('enrolments as e', (join) => join.onRef('e.course_id', '=', 'pc.course_id').onRef('e.user_id', '=', 'pe.user_id'))
          .select((e2) => e2.fn.countAll<number | string>().as('n'))
          .whereRef('pc.path_id', '=', 'pe.path_id')
          .where((e2) => e2.or([e2('e.completed_at', 'is not', null), e2('e.cycle', '>', 1)]))
          .as('completed_courses'),
    ])
    .where('pe.path_id', '=', pathId)
    .orderBy('u.contact_name')
    .orderBy('pe.user_id')
    .execute();
}

/** Adds the person to the path unless they are on it (the unique index decides, also under races); answers whether it did. */
export async function insertPathEnrolment(db: Executor, row: Insertable<Database['path_enrolments']>): Promise<boolean> {
  const result = await db
    .insertInto('path_enrolments')
    .values(row)
    .onConflict((oc) => oc.columns(['path_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findPathEnrolment(db: Executor, pathId: string, userId: string): Promise<PathEnrolmentRow | undefined> {
  return db.selectFrom('path_enrolments').selectAll().where('path_id', '=', pathId).where('user_id', '=', userId).executeTakeFirst();
}

export async function setPathDueAt(db: Executor, id: string, dueAt: string | null): Promise<void> {
  await db.updateTable('path_enrolments').set({ due_at: dueAt }).where('id', '=', id).execute();
}

export async function deletePathEnrolment(db: Executor, pathId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('path_enrolments').where('path_id', '=', pathId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The unfinished places on paths of active members: of a person on paths holding a course, or of everyone on one path. */
export async function openPathEnrolments(db: Executor, by: { userId: string; courseId: string } | { pathId: string }) {
  let query = db
    .selectFrom('path_enrolments as pe')
    .innerJoin('users as u', 'u.id', 'pe.user_id')
    .selectAll('pe')
    .where('pe.completed_at', 'is', null)
    .where('u.deactivated_at', 'is', null);
  if ('pathId' in by) query = query.where('pe.path_id', '=', by.pathId);
  else
    query = query
      .where('pe.user_id', '=', by.userId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('learning_path_courses as pc')
            .select('pc.path_id')
            .whereRef('pc.path_id', '=', 'pe.path_id')
            .where('pc.course_id', '=', by.courseId),
        ),
      );
  return query.execute();
}

export async function findEnrolment(db: Executor, id: string) {
  return db.selectFrom('enrolments').select(['user_id', 'course_id']).where('id', '=', id).executeTakeFirst();
}

/** How many courses the path has, and how many of them the person has not completed yet. */
export async function coursesLeft(db: Executor, pathId: string, userId: string): Promise<{ total: number; left: number }> {
  const row = await db
    .selectFrom('learning_path_courses as pc')
    .leftJoin('enrolments as e', (join) => join.onRef('e.course_id', '=', 'pc.course_id').on('e.user_id', '=', userId))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.or([eb('e.id', 'is', null), eb.and([eb('e.completed_at', 'is', null), eb('e.cycle', '=', 1)])]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('left'),
    ])
    .where('pc.path_id', '=', pathId)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), left: Number(row?.left ?? 0) };
}

/** Marks the place finished, once: answers whether this call did. */
export async function markCompleted(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('path_enrolments')
    .set({ completed_at: now })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The paths a person is on, with their certificate's code once finished. */
export async function pathsOfPerson(db: Executor, userId: string) {
  return (
    db
      .selectFrom('path_enrolments as pe')
      .innerJoin('learning_paths as p', 'p.id', 'pe.path_id')
      // The certificate of the path they hold (earned on this place, or an earlier one on the same path).
      .leftJoin('certificates as cert', (join) =>
        join.onRef('cert.user_id', '=', 'pe.user_id').onRef('cert.path_id', '=', 'pe.path_id').on('cert.revoked_at', 'is', null),
      )
      .select(['p.id', 'p.title', 'p.description', 'pe.due_at', 'pe.enrolled_at', 'pe.completed_at', 'cert.code as certificate_code'])
      .where('pe.user_id', '=', userId)
      .orderBy('pe.completed_at', 'desc')
      .orderBy('pe.enrolled_at', 'desc')
      .execute()
  );
}

/** The person's enrolments in these courses: progress and whether completed (once, in any cycle). */
export async function progressIn(db: Executor, userId: string, courseIds: readonly string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('enrolments')
    .select(['course_id', 'progress', 'completed_at', 'cycle'])
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .execute();
}
