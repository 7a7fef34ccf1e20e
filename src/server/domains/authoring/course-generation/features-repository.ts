import type { Language } from '../../../../shared/constants.ts';
import type { Db } from '../../../db/database.ts';
import { type Executor } from '../../courses/index.ts';

/**
 * SQL of the draft features in generation (ADR 022): the lessons a feature adds (a module's video
 * script, the course's workbook), the workbook's upload, and the translation a course already has.
 */

/** A feature's lesson: an AI-written video lesson with a script in the module, or an AI-written download lesson in the course. */
export async function findFeatureLesson(db: Executor, feature: { moduleId: string } | { courseId: string }) {
  let query = db.selectFrom('lessons').select(['id', 'version', 'ai_job_id', 'ai_job_version']).where('source', '=', 'ai');
  query =
    'moduleId' in feature
      ? query.where('module_id', '=', feature.moduleId).where('kind', '=', 'video').where('format', '=', 'video-script')
      : query.where('course_id', '=', feature.courseId).where('kind', '=', 'download');
  return query.orderBy('created_at').executeTakeFirst();
}
export type FeatureLessonRow = NonNullable<Awaited<ReturnType<typeof findFeatureLesson>>>;

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

export async function organisationName(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

/** The course's translation into `language` that has a translation job (the newest), if any. */
export async function findTranslation(db: Db, courseId: string, language: Language) {
  return db
    .selectFrom('courses')
    .innerJoin('ai_jobs', 'ai_jobs.course_id', 'courses.id')
    .select(['courses.id as courseId', 'ai_jobs.id as jobId'])
    .where('courses.translation_of', '=', courseId)
    .where('courses.language', '=', language)
    .where('ai_jobs.kind', '=', 'translate-course')
    .orderBy('ai_jobs.created_at', 'desc')
    .executeTakeFirst();
}
