import type { LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { LessonsTable } from '../../../db/schema.ts';
import { type Executor } from '../../courses/index.ts';

/**
 * The only SQL of course generation: its modules and lessons as AI writes them,
 * the revisions that keep what it replaced, and the generation jobs of a course. The builder's
 * own reads (a course, its modules, a lesson) come from courses/repository.ts.
 */

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** A module written by AI: where it came from, like courses and lessons. */
export async function insertAiModule(
  db: Executor,
  values: { id: string; courseId: string; position: number; title: string; description: string; model: string; now: string },
) {
  await db
    .insertInto('course_modules')
    .values({
      id: values.id,
      course_id: values.courseId,
      position: values.position,
      title: values.title,
      description: values.description,
      source: 'ai',
      source_model: values.model,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
}

export async function insertLesson(db: Executor, values: Insertable<LessonsTable>) {
  await db.insertInto('lessons').values(values).execute();
}

export async function countModules(db: Executor, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('course_modules')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every lesson of the course with its content, in outline order within each module. */
export async function findLessonsWithContent(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons')
    .select(['id', 'module_id', 'position', 'title', 'kind', 'content', 'duration_minutes', 'version'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * Writes generated content if the lesson is still at `version` and its course is not archived:
 * the version is bumped, and the job that wrote it and the version it produced are remembered.
 */
export async function writeGeneratedLesson(db: Executor, id: string, version: number, set: Updateable<LessonsTable>): Promise<boolean> {
  const result = await db
    .updateTable('lessons')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('courses')
          .select('courses.id')
          .whereRef('courses.id', '=', 'lessons.course_id')
          .where('courses.status', '!=', 'archived'),
      ),
    )
    .executeTakeFirst();
  return changed(result);
}

export async function latestRevisionVersion(db: Executor, lessonId: string): Promise<number | null> {
  const row = await db
    .selectFrom('lesson_revisions')
    .select('version')
    .where('lesson_id', '=', lessonId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** Takes the course row's lock for the rest of the transaction (PostgreSQL; SQLite writes one transaction at a time). */
export async function lockCourse(trx: Executor, courseId: string): Promise<void> {
  await trx
    .updateTable('courses')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', courseId)
    .execute();
}

/** The generation jobs of a course that are queued or running, oldest first. */
export async function activeJobs(db: Executor, courseId: string, kinds: readonly string[]) {
  return db
    .selectFrom('ai_jobs')
    .select(['id', 'kind', 'status'])
    .where('course_id', '=', courseId)
    .where('kind', 'in', [...kinds])
    .where('status', 'in', ['queued', 'running'])
    .where('cancel_requested', '=', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A course's generation jobs, newest first; only those `userId` started unless null (an admin sees all). */
export async function courseJobs(db: Db, courseId: string, kinds: readonly string[], userId: string | null, limit = 50) {
  let query = db
    .selectFrom('ai_jobs')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('kind', 'in', [...kinds]);
  if (userId !== null) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A lesson revision; AI's are recorded for the user it works for (null when no one). */
export async function insertRevision(
  db: Executor,
  values: {
    id: string;
    lessonId: string;
    version: number;
    title: string;
    kind: LessonKind;
    content: string;
    authorId: string | null;
    now: string;
  },
) {
  await db
    .insertInto('lesson_revisions')
    .values({
      id: values.id,
      lesson_id: values.lessonId,
      version: values.version,
      title: values.title,
      kind: values.kind,
      content: values.content,
      author_id: values.authorId,
      created_at: values.now,
      saved_at: values.now,
    })
    .execute();
}
