import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';

/** The only SQL for enrolments, lesson progress and quiz attempts. */

type Executor = Db | Transaction<Database>;

export async function findCourse(db: Executor, courseId: string) {
  return db
    .selectFrom('courses as c')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select([
      'c.id',
      'c.organisation_id',
      'c.owner_id',
      'c.status',
      'c.visibility',
      'c.pricing',
      'c.title',
      'c.slug',
      'o.name as company_name',
      'u.contact_name as instructor',
    ])
    .where('c.id', '=', courseId)
    .executeTakeFirst();
}

export type EnrolmentRow = Selectable<Database['enrolments']>;

export async function findEnrolment(db: Executor, courseId: string, userId: string): Promise<EnrolmentRow | undefined> {
  return db.selectFrom('enrolments').selectAll().where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts unless the user is already enrolled (the unique index decides, also under parallel requests); answers whether it inserted. */
export async function insertEnrolment(db: Executor, row: Insertable<Database['enrolments']>): Promise<boolean> {
  const result = await db
    .insertInto('enrolments')
    .values(row)
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Opens a completed enrolment's next cycle; answers false when it was not completed. */
export async function startNextCycle(db: Executor, id: string, dueAt: string): Promise<boolean> {
  const result = await db
    .updateTable('enrolments')
    .set((eb) => ({ cycle: eb('cycle', '+', 1), completed_at: null, progress: 0, last_lesson_id: null, due_at: dueAt }))
    .where('id', '=', id)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** No lesson done and every video from its start: a new cycle's progress. */
export async function resetProgress(db: Executor, enrolmentId: string): Promise<void> {
  await db.deleteFrom('lesson_progress').where('enrolment_id', '=', enrolmentId).execute();
}

export async function setDueAt(db: Executor, id: string, dueAt: string | null): Promise<void> {
  await db.updateTable('enrolments').set({ due_at: dueAt }).where('id', '=', id).execute();
}

export async function insertActivity(
  db: Executor,
  row: { id: string; organisationId: string; courseId: string; userId: string; kind: 'enrollment' | 'completion'; now: string },
) {
  await db
    .insertInto('activity')
    .values({
      id: row.id,
      organisation_id: row.organisationId,
      course_id: row.courseId,
      user_id: row.userId,
      kind: row.kind,
      created_at: row.now,
    })
    .execute();
}

/** Active members of a company among `ids`. */
export async function activeMembers(db: Executor, organisationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('deactivated_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** The course's lessons in order (module position, lesson position). */
export async function courseLessons(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons as l')
    .innerJoin('course_modules as m', 'm.id', 'l.module_id')
    .select(['l.id', 'l.title', 'l.kind', 'l.duration_minutes', 'm.id as module_id', 'm.title as module_title'])
    .where('l.course_id', '=', courseId)
    .orderBy('m.position')
    .orderBy('l.position')
    .execute();
}

export async function findLesson(db: Executor, courseId: string, lessonId: string) {
  return db
    .selectFrom('lessons')
    .select(['id', 'title', 'kind', 'content', 'duration_minutes'])
    .where('id', '=', lessonId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function progressRows(db: Executor, enrolmentId: string) {
  return db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'completed_at', 'position_seconds', 'duration_seconds'])
    .where('enrolment_id', '=', enrolmentId)
    .execute();
}

export async function findProgress(db: Executor, enrolmentId: string, lessonId: string) {
  return db
    .selectFrom('lesson_progress')
    .select(['completed_at', 'duration_seconds', 'watched_ranges'])
    .where('enrolment_id', '=', enrolmentId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

/** Creates or updates a learner's progress on a lesson; a completion, once set, stays. */
export async function saveProgress(
  db: Executor,
  row: {
    enrolmentId: string;
    lessonId: string;
    positionSeconds?: number;
    durationSeconds?: number | null;
    watchedRanges?: string;
    completedAt?: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('lesson_progress')
    .values({
      enrolment_id: row.enrolmentId,
      lesson_id: row.lessonId,
      position_seconds: row.positionSeconds ?? 0,
      duration_seconds: row.durationSeconds ?? null,
      watched_ranges: row.watchedRanges ?? null,
      completed_at: row.completedAt ?? null,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['enrolment_id', 'lesson_id']).doUpdateSet((eb) => ({
        position_seconds: row.positionSeconds === undefined ? eb.ref('lesson_progress.position_seconds') : row.positionSeconds,
        duration_seconds: row.durationSeconds === undefined ? eb.ref('lesson_progress.duration_seconds') : row.durationSeconds,
        watched_ranges: row.watchedRanges === undefined ? eb.ref('lesson_progress.watched_ranges') : row.watchedRanges,
        completed_at: row.completedAt
          ? sql<string>`coalesce(lesson_progress.completed_at, ${row.completedAt})`
          : eb.ref('lesson_progress.completed_at'),
        updated_at: row.now,
      })),
    )
    .execute();
}

export async function countCompleted(db: Executor, enrolmentId: string): Promise<number> {
  const row = await db
    .selectFrom('lesson_progress as p')
    .innerJoin('lessons as l', 'l.id', 'p.lesson_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('p.enrolment_id', '=', enrolmentId)
    .where('p.completed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countLessons(db: Executor, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records progress and activity on the enrolment; sets completed_at once, answering whether this call did. */
export async function updateEnrolment(
  db: Executor,
  id: string,
  set: { progress: number; lastLessonId?: string; now: string; complete: boolean },
): Promise<boolean> {
  await db
    .updateTable('enrolments')
    .set({ progress: set.progress, last_activity_at: set.now, ...(set.lastLessonId && { last_lesson_id: set.lastLessonId }) })
    .where('id', '=', id)
    .execute();
  if (!set.complete) return false;
  const result = await db
    .updateTable('enrolments')
    .set({ completed_at: set.now })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchEnrolment(db: Executor, id: string, lessonId: string, now: string): Promise<void> {
  await db.updateTable('enrolments').set({ last_lesson_id: lessonId, last_activity_at: now }).where('id', '=', id).execute();
}

/** The attempts at a quiz in the enrolment's current cycle (a course taken again starts over), newest first. */
export async function attempts(db: Executor, enrolment: { id: string; cycle: number }, lessonId: string) {
  return db
    .selectFrom('quiz_attempts')
    .select(['attempt', 'score', 'passed', 'result', 'created_at'])
    .where('enrolment_id', '=', enrolment.id)
    .where('cycle', '=', enrolment.cycle)
    .where('lesson_id', '=', lessonId)
    .orderBy('attempt', 'desc')
    .execute();
}

export async function insertAttempt(db: Executor, row: Insertable<Database['quiz_attempts']>): Promise<void> {
  await db.insertInto('quiz_attempts').values(row).execute();
}

/** The learner's enrolments with their courses, newest activity first. */
export async function listLearning(db: Db, userId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select([
      'e.id',
      'e.course_id',
      'e.progress',
      'e.due_at',
      'e.enrolled_at',
      'e.completed_at',
      'e.last_lesson_id',
      'c.title',
      'c.slug',
      'c.thumbnail_upload_id',
      'o.name as company_name',
      'u.contact_name as instructor',
      (eb) =>
        eb
          .selectFrom('lessons')
          .select((e2) => e2.fn.countAll<number | string>().as('n'))
          .whereRef('lessons.course_id', '=', 'c.id')
          .as('lesson_count'),
      (eb) =>
        eb
          .selectFrom('lesson_progress as p')
          .select((e2) => e2.fn.countAll<number | string>().as('n'))
          .whereRef('p.enrolment_id', '=', 'e.id')
          .where('p.completed_at', 'is not', null)
          .as('completed_lessons'),
    ])
    .where('e.user_id', '=', userId)
    .where('c.status', '!=', 'draft')
    .orderBy(sql`coalesce(e.last_activity_at, e.enrolled_at)`, 'desc')
    .execute();
}

/** The CMI data a SCORM lesson's SCO last committed for this enrolment (docs/decisions/065-scorm-player.md). */
export async function findScormRun(db: Executor, enrolmentId: string, lessonId: string) {
  return db
    .selectFrom('scorm_runs')
    .select(['cmi', 'completion', 'success', 'score'])
    .where('enrolment_id', '=', enrolmentId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

export async function saveScormRun(
  db: Executor,
  row: { enrolmentId: string; lessonId: string; cmi: string; completion: string; success: string; score: number | null; now: string },
): Promise<void> {
  const values = { cmi: row.cmi, completion: row.completion, success: row.success, score: row.score, updated_at: row.now };
  await db
    .insertInto('scorm_runs')
    .values({ enrolment_id: row.enrolmentId, lesson_id: row.lessonId, ...values })
    .onConflict((oc) => oc.columns(['enrolment_id', 'lesson_id']).doUpdateSet(values))
    .execute();
}
