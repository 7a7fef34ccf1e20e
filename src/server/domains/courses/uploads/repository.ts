import type { UploadKind } from '../../../../shared/schemas/uploads.ts';
import type { Db } from '../../../db/database.ts';
import type { CourseAccess } from '../courses/policy.ts';

/** The only SQL for uploads. */

export interface UploadRow {
  id: string;
  organisationId: string;
  courseId: string | null;
  kind: UploadKind;
  mime: string;
  size: number;
  originalName: string;
  storageKey: string;
  createdAt: string;
}

export async function findCourseAccess(db: Db, courseId: string): Promise<(CourseAccess & { id: string }) | undefined> {
  const row = await db
    .selectFrom('courses')
    .select(['id', 'organisation_id', 'owner_id', 'status', 'visibility'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  return row && { id: row.id, organisationId: row.organisation_id, ownerId: row.owner_id, status: row.status, visibility: row.visibility };
}

/** The course an upload belongs to, as far as who may fetch the upload is concerned. */
export interface UploadCourse extends CourseAccess {
  id: string;
  /** The course's cover image. */
  thumbnailUploadId: string | null;
}

/**
 * An upload with the course it belongs to (null when it belongs to none, e.g. the course was
 * deleted), and whether `viewerId` is enrolled in that course (one query for both).
 */
export async function findUploadWithCourse(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<{ upload: UploadRow; course: UploadCourse | null; enrolled: boolean } | undefined> {
  const row = await db
    .selectFrom('uploads')
    .leftJoin('courses', 'courses.id', 'uploads.course_id')
    // The unique (course_id, user_id) index answers this; no viewer matches no row.
    .leftJoin('enrolments', (join) =>
      join.onRef('enrolments.course_id', '=', 'uploads.course_id').on('enrolments.user_id', '=', viewerId ?? ''),
    )
    .select([
      'uploads.id',
      'uploads.organisation_id',
      'uploads.course_id',
      'uploads.kind',
      'uploads.mime',
      'uploads.size',
      'uploads.original_name',
      'uploads.storage_key',
      'uploads.created_at',
      'courses.organisation_id as course_organisation_id',
      'courses.owner_id as course_owner_id',
      'courses.status as course_status',
      'courses.visibility as course_visibility',
      'courses.thumbnail_upload_id as course_thumbnail_upload_id',
      'enrolments.id as enrolment_id',
    ])
    .where('uploads.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const upload: UploadRow = {
    id: row.id,
    organisationId: row.organisation_id,
    courseId: row.course_id,
    kind: row.kind,
    mime: row.mime,
    size: Number(row.size),
    originalName: row.original_name,
    storageKey: row.storage_key,
    createdAt: row.created_at,
  };
  const course =
    row.course_id && row.course_organisation_id && row.course_owner_id && row.course_status && row.course_visibility
      ? {
          id: row.course_id,
          organisationId: row.course_organisation_id,
          ownerId: row.course_owner_id,
          status: row.course_status,
          visibility: row.course_visibility,
          thumbnailUploadId: row.course_thumbnail_upload_id ?? null,
        }
      : null;
  return { upload, course, enrolled: viewerId !== null && row.enrolment_id !== null && row.enrolment_id !== undefined };
}

/**
 * The kind and content of the course's lessons that may name the upload. The text match narrows
 * the lessons (by the course's index) to those whose JSON contains the id; it may match more than
 * the id (LIKE's `_`, SQLite's case folding), so callers read the content to be sure.
 */
export async function lessonsMentioning(
  db: Db,
  courseId: string,
  uploadId: string,
  previewsOnly = false,
): Promise<{ kind: string; content: string }[]> {
  let query = db
    .selectFrom('lessons')
    .select(['kind', 'content'])
    .where('course_id', '=', courseId)
    .where('content', 'like', `%${uploadId}%`);
  if (previewsOnly) query = query.where('free_preview', '=', 1).where('kind', '!=', 'quiz');
  return query.execute();
}

/** What is kept of an image the image model drew (docs/decisions/068-ai-images.md). */
export interface AiOrigin {
  altText: string;
  prompt: string;
  provider: string;
  model: string;
  /** 'cover', or the id of the lesson it illustrates. */
  target: string;
}

export async function insertUpload(db: Db, upload: UploadRow & { uploadedBy: string; ai?: AiOrigin }): Promise<void> {
  const { ai } = upload;
  await db
    .insertInto('uploads')
    .values({
      id: upload.id,
      organisation_id: upload.organisationId,
      course_id: upload.courseId,
      uploaded_by: upload.uploadedBy,
      kind: upload.kind,
      mime: upload.mime,
      size: upload.size,
      original_name: upload.originalName,
      storage_key: upload.storageKey,
      created_at: upload.createdAt,
      ...(ai && {
        origin: 'ai' as const,
        alt_text: ai.altText,
        ai_prompt: ai.prompt,
        ai_provider: ai.provider,
        ai_model: ai.model,
        ai_target: ai.target,
      }),
    })
    .execute();
}
