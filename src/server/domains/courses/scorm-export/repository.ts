import type { Executor } from '../courses/repository.ts';

/** The only SQL of the SCORM export: a course's lessons in outline order, and its uploads. */

export async function exportLessons(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons')
    .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
    .select(['lessons.module_id', 'course_modules.title as module_title', 'lessons.title', 'lessons.kind', 'lessons.content'])
    .where('lessons.course_id', '=', courseId)
    .orderBy('course_modules.position')
    .orderBy('course_modules.created_at')
    .orderBy('lessons.position')
    .orderBy('lessons.created_at')
    .execute();
}

export interface ExportUpload {
  id: string;
  mime: string;
  size: number;
  originalName: string;
  storageKey: string;
}

export async function courseUploads(db: Executor, courseId: string): Promise<ExportUpload[]> {
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'mime', 'size', 'original_name', 'storage_key'])
    .where('course_id', '=', courseId)
    .execute();
  return rows.map((r) => ({ id: r.id, mime: r.mime, size: Number(r.size), originalName: r.original_name, storageKey: r.storage_key }));
}
