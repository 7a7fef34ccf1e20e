import type { LessonFormat } from '../../../../shared/schemas/lesson-content.ts';
import type { Executor } from './repository.ts';

/**
 * The SQL for what the AI creator writes into courses, besides the course repository's: what an
 * outline plan's replace would remove, and who wrote a lesson's generated content.
 */

/** The course's lessons with their kind and content, to tell empty shells from work. */
export async function lessonContents(db: Executor, courseId: string) {
  return db.selectFrom('lessons').select(['id', 'kind', 'content']).where('course_id', '=', courseId).execute();
}

/** Whether any lesson of the course has a revision: someone edited it, even if it is empty now. */
export async function hasRevisions(db: Executor, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lesson_revisions')
    .innerJoin('lessons', 'lessons.id', 'lesson_revisions.lesson_id')
    .select('lesson_revisions.id')
    .where('lessons.course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasEnrolments(db: Executor, courseId: string): Promise<boolean> {
  const row = await db.selectFrom('enrolments').select('id').where('course_id', '=', courseId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteModules(db: Executor, courseId: string): Promise<void> {
  // Lessons go with their module (on delete cascade).
  await db.deleteFrom('course_modules').where('course_id', '=', courseId).execute();
}

/** Records that a model wrote (some of) a lesson's content, and in which format (one of the six LESSON_FORMATS). */
export async function markLessonGenerated(
  db: Executor,
  lessonId: string,
  values: { format: LessonFormat | undefined; sourceModel: string },
): Promise<void> {
  await db
    .updateTable('lessons')
    .set({ source: 'ai', source_model: values.sourceModel, ...(values.format !== undefined && { format: values.format }) })
    .where('id', '=', lessonId)
    .execute();
}
