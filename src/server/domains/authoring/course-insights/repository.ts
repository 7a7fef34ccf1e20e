import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CourseAnalysesTable, CourseMarketingTable, CourseOptimizationsTable } from '../../../db/schema.ts';
import { type Executor } from '../../courses/index.ts';

/** The only SQL for course insights: learning figures, the last analysis, suggested changes, marketing copy. */

const n = (value: unknown) => Number(value ?? 0);
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A course's modules and lessons with their content, in outline order. */
export async function courseContent(db: Executor, courseId: string) {
  const [modules, lessons] = await Promise.all([
    db
      .selectFrom('course_modules')
      .select(['id', 'title'])
      .where('course_id', '=', courseId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('lessons')
      .select(['id', 'module_id', 'title', 'kind', 'content', 'duration_minutes', 'version'])
      .where('course_id', '=', courseId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
  ]);
  return { modules, lessons };
}
export type ContentRows = Awaited<ReturnType<typeof courseContent>>;

export async function organisationName(db: Db, organisationId: string): Promise<string> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', organisationId).executeTakeFirst();
  return row?.name ?? '';
}

/** Every figure the metrics are made of, by SQL aggregates over the course's learning rows. */
export async function learningFigures(db: Db, courseId: string, activeSince: string) {
  const progressOf = db
    .selectFrom('lesson_progress as p')
    .innerJoin('enrolments as e', 'e.id', 'p.enrolment_id')
    .innerJoin('lessons as l', (j) => j.onRef('l.id', '=', 'p.lesson_id').onRef('l.course_id', '=', 'e.course_id'))
    .where('e.course_id', '=', courseId);
  const attemptsOf = db
    .selectFrom('quiz_attempts as q')
    .innerJoin('enrolments as e', 'e.id', 'q.enrolment_id')
    .innerJoin('lessons as l', (j) => j.onRef('l.id', '=', 'q.lesson_id').onRef('l.course_id', '=', 'e.course_id'))
    .where('e.course_id', '=', courseId);
  const [enrolments, touched, study, best, attempts, reviews] = await Promise.all([
    db
      .selectFrom('enrolments')
      .select((eb) => [
        eb.fn.countAll().as('enrolled'),
        eb.fn.sum(sql<number>`case when completed_at is not null then 1 else 0 end`).as('completed'),
        eb.fn.sum(sql<number>`case when last_activity_at >= ${activeSince} then 1 else 0 end`).as('active'),
        eb.fn.sum(sql<number>`case when completed_at is not null or last_activity_at >= ${activeSince} then 1 else 0 end`).as('retained'),
      ])
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow(),
    // Each (learner, lesson) worked on once, however it was: progress saved, completed, or a quiz tried.
    db
      .selectFrom(
        progressOf
          .select(['p.enrolment_id as enrolment_id', 'p.lesson_id as lesson_id'])
          .union(attemptsOf.select(['q.enrolment_id as enrolment_id', 'q.lesson_id as lesson_id']))
          .as('t'),
      )
      .select((eb) => eb.fn.countAll().as('pairs'))
      .executeTakeFirstOrThrow(),
    // A completed lesson counts its stated length, or the video time watched when that is more.
    progressOf
      .select((eb) =>
        eb.fn
          .sum(
            sql<number>`case when p.completed_at is not null and coalesce(l.duration_minutes, 0) * 60 > p.position_seconds then coalesce(l.duration_minutes, 0) * 60 else p.position_seconds end`,
          )
          .as('seconds'),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(
        attemptsOf
          .select((eb) => eb.fn.max('q.score').as('best'))
          .groupBy(['q.enrolment_id', 'q.lesson_id'])
          .as('b'),
      )
      .select((eb) => [eb.fn.avg('b.best').as('mean'), eb.fn.countAll().as('quizzes')])
      .executeTakeFirstOrThrow(),
    attemptsOf.select((eb) => eb.fn.countAll().as('attempts')).executeTakeFirstOrThrow(),
    db
      .selectFrom('reviews')
      .select((eb) => [
        eb.fn.countAll().as('reviews'),
        eb.fn.avg('rating').as('mean'),
        eb.fn.sum(sql<number>`case when rating >= 4 then 1 else 0 end`).as('positive'),
        eb.fn.sum(sql<number>`case when rating = 3 then 1 else 0 end`).as('neutral'),
        eb.fn.sum(sql<number>`case when rating <= 2 then 1 else 0 end`).as('negative'),
      ])
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enrolled: n(enrolments.enrolled),
    completed: n(enrolments.completed),
    active: n(enrolments.active),
    retained: n(enrolments.retained),
    touchedPairs: n(touched.pairs),
    studySeconds: n(study.seconds),
    meanBestScore: orNull(best.mean),
    quizAttempts: n(attempts.attempts),
    reviews: n(reviews.reviews),
    meanRating: orNull(reviews.mean),
    ratings: { positive: n(reviews.positive), neutral: n(reviews.neutral), negative: n(reviews.negative) },
  };
}
export type LearningFigures = Awaited<ReturnType<typeof learningFigures>>;

// Suggested changes

export type OptimizationRow = Selectable<CourseOptimizationsTable>;

export async function insertOptimizations(db: Executor, rows: OptimizationRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('course_optimizations').values(rows).execute();
}

export async function findOptimization(db: Executor, id: string): Promise<OptimizationRow | undefined> {
  return db.selectFrom('course_optimizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOptimizations(db: Db, courseId: string): Promise<OptimizationRow[]> {
  return db
    .selectFrom('course_optimizations')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The suggestions of the course's latest optimize-engagement call, in the model's order (empty before the first). */
export async function latestOptimizations(db: Db, courseId: string): Promise<OptimizationRow[]> {
  const latest = await db
    .selectFrom('course_optimizations')
    .select('run_id')
    .where('course_id', '=', courseId)
    .where('run_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest?.run_id) return [];
  return db
    .selectFrom('course_optimizations')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('run_id', '=', latest.run_id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Moves a pending suggestion to `status`; false when it was no longer pending (someone decided first). */
export async function decideOptimization(
  db: Executor,
  id: string,
  status: 'applied' | 'dismissed',
  by: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('course_optimizations')
    .set({ status, decided_by: by, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// What an AI call answered about a course: its last analysis and its marketing copy, one row per
// course each, a new answer replacing the last one.

type CourseAnswerTable = 'course_analyses' | 'course_marketing';

export async function findCourseAnswer(
  db: Db,
  table: CourseAnswerTable,
  courseId: string,
): Promise<CourseAnalysesTable | CourseMarketingTable | undefined> {
  return db.selectFrom(table).selectAll().where('course_id', '=', courseId).executeTakeFirst();
}

export async function saveCourseAnswer(db: Db, table: CourseAnswerTable, row: CourseAnalysesTable | CourseMarketingTable): Promise<void> {
  const { course_id: _courseId, ...rest } = row;
  await db
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.column('course_id').doUpdateSet(rest))
    .execute();
}

export const findAnalysis = (db: Db, courseId: string) => findCourseAnswer(db, 'course_analyses', courseId);
export const saveAnalysis = (db: Db, row: CourseAnalysesTable) => saveCourseAnswer(db, 'course_analyses', row);
export const findMarketing = (db: Db, courseId: string) => findCourseAnswer(db, 'course_marketing', courseId);
export const saveMarketing = (db: Db, row: CourseMarketingTable) => saveCourseAnswer(db, 'course_marketing', row);
