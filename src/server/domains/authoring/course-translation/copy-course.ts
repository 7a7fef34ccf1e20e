import type { Db } from '../../../db/database.ts';
import type { Selectable } from 'kysely';
import type { UploadsTable } from '../../../db/schema.ts';
import { newStorageKey, StorageNotFoundError, type Storage } from '../../../storage/storage.ts';
import { newId } from '../../../security/tokens.ts';
import { courseRecords as repo, type CourseRow, withFreeSlug } from '../../courses/index.ts';

export interface CopiedCourse {
  courseId: string;
  modules: Array<{ source: string; target: string }>;
  /** Each lesson's copy and the version it was made at: the translation never overwrites a later edit. */
  lessons: Array<{ source: string; target: string; version: number }>;
}

const UPLOAD_SRC = /^\/api\/uploads\/([A-Za-z0-9_-]{1,64})$/;

/** Every upload a lesson's content refers to: image sources, a video upload, download files. */
function uploadIds(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => uploadIds(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'uploadId' && typeof v === 'string') out.add(v);
      else if (key === 'src' && typeof v === 'string' && UPLOAD_SRC.test(v)) out.add(UPLOAD_SRC.exec(v)![1]!);
      else uploadIds(v, out);
    }
  }
}

function rewriteUploads(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteUploads(v, ids));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (key === 'uploadId' && typeof v === 'string') return [key, ids.get(v) ?? v];
      if (key === 'src' && typeof v === 'string' && UPLOAD_SRC.test(v))
        return [key, `/api/uploads/${ids.get(UPLOAD_SRC.exec(v)![1]!) ?? UPLOAD_SRC.exec(v)![1]}`];
      return [key, rewriteUploads(v, ids)];
    }),
  );
}

interface FileCopy {
  row: Selectable<UploadsTable>;
  id: string;
  key: string;
}

/**
 * The course's files as the copy's own: each file's bytes streamed to a new stored object (never
 * buffered whole), recorded below as an upload of the copy, so the copy shows and saves them like
 * files uploaded to it, whoever may see the original. A file whose bytes are gone stays as it was.
 */
async function copyFiles(db: Db, storage: Storage, sourceId: string, ids: Set<string>): Promise<FileCopy[]> {
  if (ids.size === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .where('course_id', '=', sourceId)
    .where('id', 'in', [...ids])
    .execute();
  const copies: FileCopy[] = [];
  try {
    for (const row of rows) {
      const key = newStorageKey();
      try {
        await storage.put(key, await storage.get(row.storage_key), row.mime);
      } catch (error) {
        if (error instanceof StorageNotFoundError) continue;
        throw error;
      }
      copies.push({ row, id: newId(), key });
    }
  } catch (error) {
    await removeFiles(storage, copies);
    throw error;
  }
  return copies;
}

const removeFiles = (storage: Storage, copies: readonly FileCopy[]) =>
  Promise.all(copies.map((c) => storage.delete(c.key).catch(() => undefined)));

/**
 * The start of a translation: a new draft course in the other language with the original's
 * structure, settings and content as they are, linked to it and owned by whoever asked. The
 * translation job then replaces the words, piece by piece; until it has, the copy reads as the
 * original, so nothing is ever missing from it. It is private until its owner publishes it.
 */
export async function copyCourse(
  db: Db,
  storage: Storage,
  source: CourseRow,
  ownerId: string,
  language: 'da' | 'en',
): Promise<CopiedCourse> {
  const lessonIds = (await repo.findLessonSummaries(db, source.id)).map((l) => l.id);
  const referenced = new Set<string>();
  if (source.thumbnail_upload_id) referenced.add(source.thumbnail_upload_id);
  for (const id of lessonIds) {
    const lesson = await repo.findLesson(db, id);
    if (lesson) uploadIds(JSON.parse(lesson.content), referenced);
  }
  const files = await copyFiles(db, storage, source.id, referenced);
  try {
    return await withFreeSlug(db, source.title, (slug) => insertCopy(db, { source, ownerId, language, slug, lessonIds, files }));
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  }
}

interface CopyPlan {
  source: CourseRow;
  ownerId: string;
  language: 'da' | 'en';
  slug: string;
  lessonIds: string[];
  files: FileCopy[];
}

/** The copy's rows in one transaction: the course, its files, modules and lessons. */
function insertCopy(db: Db, plan: CopyPlan): Promise<CopiedCourse> {
  const courseId = newId();
  const now = new Date().toISOString();
  const uploads = new Map(plan.files.map((f) => [f.row.id, f.id]));
  const copied: CopiedCourse = { courseId, modules: [], lessons: [] };
  return db.transaction().execute(async (trx) => {
    // The row as stored (findCourse adds the owner's name and other joined fields).
    const row = await trx.selectFrom('courses').selectAll().where('id', '=', plan.source.id).executeTakeFirstOrThrow();
    const thumbnail = row.thumbnail_upload_id ? (uploads.get(row.thumbnail_upload_id) ?? null) : null;
    await trx
      .insertInto('courses')
      .values({
        ...row,
        id: courseId,
        owner_id: plan.ownerId,
        slug: plan.slug,
        language: plan.language,
        thumbnail_upload_id: null,
        visibility: 'private',
        status: 'draft',
        published_at: null,
        version: 1,
        created_at: now,
        updated_at: now,
        translation_of: row.id,
      })
      .execute();
    for (const file of plan.files)
      await trx
        .insertInto('uploads')
        .values({ ...file.row, id: file.id, course_id: courseId, storage_key: file.key, created_at: now })
        .execute();
    if (thumbnail) await trx.updateTable('courses').set({ thumbnail_upload_id: thumbnail }).where('id', '=', courseId).execute();
    const moduleIds = new Map<string, string>();
    for (const m of await repo.findModules(trx, row.id)) {
      const id = newId();
      moduleIds.set(m.id, id);
      copied.modules.push({ source: m.id, target: id });
      await repo.insertModule(trx, { id, courseId, position: m.position, title: m.title, description: m.description, now });
    }
    for (const lessonId of plan.lessonIds) {
      const lesson = await repo.findLesson(trx, lessonId);
      const moduleId = lesson && moduleIds.get(lesson.module_id);
      if (!lesson || !moduleId) continue;
      const id = newId();
      copied.lessons.push({ source: lesson.id, target: id, version: 1 });
      const content = JSON.stringify(rewriteUploads(JSON.parse(lesson.content), uploads));
      await repo.insertLesson(trx, {
        ...lesson,
        id,
        course_id: courseId,
        module_id: moduleId,
        content,
        version: 1,
        created_at: now,
        updated_at: now,
      });
    }
    // A drawn picture made for a lesson is, in the copy, for that lesson's copy.
    for (const lesson of copied.lessons)
      await trx
        .updateTable('uploads')
        .set({ ai_target: lesson.target })
        .where('course_id', '=', courseId)
        .where('ai_target', '=', lesson.source)
        .execute();
    return copied;
  });
}
