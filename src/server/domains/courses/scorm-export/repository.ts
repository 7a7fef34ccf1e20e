import type { Executor } from '../courses/repository.ts';

/** A course's uploads: what an export may copy into the package beside its lessons. */
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
