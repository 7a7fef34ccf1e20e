import { Readable } from 'node:stream';
import type * as FileType from 'file-type';
import { contentSchemas, LESSON_KINDS, type LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import { UPLOAD_LIMITS, UPLOAD_TYPES, uploadUrl, type TUpload, type UploadKind } from '../../../../shared/schemas/uploads.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { newStorageKey, StorageNotFoundError, type ByteRange, type Storage } from '../../../storage/index.ts';
import { uploadReferences } from '../courses/content.ts';
import { canEditCourse, canViewCourse, isStaffOf, type Viewer } from '../courses/policy.ts';
import { cleanOriginalName } from './names.ts';
import * as repo from './repository.ts';

/** How much of the start of a file is read to tell its type: enough for an Office file's entry list. */
const SAMPLE_BYTES = 256 * 1024;

/** The type detector is imported by the first upload, not at start (it and its readers are idle code otherwise). */
let fileType: Promise<typeof FileType> | undefined;
const loadFileType = () => (fileType ??= import('file-type'));

class TooLargeError extends Error {}

function isLessonKind(kind: string): kind is LessonKind {
  return (LESSON_KINDS as readonly string[]).includes(kind);
}

function viewerOf(user: TUser): Viewer {
  return { id: user.id, organisationId: user.organisationId, role: user.role };
}

function toResponse(row: repo.UploadRow): TUpload {
  return {
    id: row.id,
    url: uploadUrl(row.id),
    kind: row.kind as UploadKind,
    mime: row.mime,
    size: row.size,
    originalName: row.originalName,
  };
}

export interface UploadedFile {
  /** The name the client gave; only kept to name the file on download. */
  filename: string | undefined;
  /** The file's bytes as they arrive. */
  stream: Readable;
}

export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly maxVideoBytes: number,
    /** Whether a company's own image (no course) is for everyone: its brand's logo and hero image, shown in mails and on its site. */
    private readonly isOpenImage: (organisationId: string, uploadId: string) => Promise<boolean> = async () => false,
  ) {}

  limit(kind: UploadKind): number {
    return kind === 'video' ? this.maxVideoBytes : UPLOAD_LIMITS[kind];
  }

  /** The largest upload of any kind, for the multipart parser's own ceiling. */
  largestLimit(): number {
    return Math.max(UPLOAD_LIMITS.image, UPLOAD_LIMITS.download, this.maxVideoBytes);
  }

  tooLarge(kind: UploadKind): AppError {
    return new AppError('TOO_LARGE', 413, 'upload.tooLarge', { params: { mb: Math.floor(this.limit(kind) / (1024 * 1024)) } });
  }

  /**
   * May `actor` upload to this course? 404 for a course that does not exist or is another
   * company's; 403 for a learner, or an instructor who does not own it.
   */
  async assertCanUpload(actor: TUser, courseId: string): Promise<void> {
    const course = await repo.findCourseAccess(this.db, courseId);
    if (!course || course.organisationId !== actor.organisationId) throw new AppError('NOT_FOUND', 404, 'course.notFound');
    if (!canEditCourse(course, viewerOf(actor))) throw new AppError('FORBIDDEN', 403, 'upload.noRights');
  }

  /**
   * Stores one file: its type is read from its first bytes and must be one the kind accepts; it
   * streams to storage under a server-made key and is counted on the way, and the moment it
   * passes the kind's limit the partial object is removed and 413 answered. Only a complete,
   * accepted file gets a row. Call assertCanUpload first for a course's file; `courseId` null is
   * the company's own (its brand's images), for its admins alone to store.
   */
  async store(actor: TUser, courseId: string | null, kind: UploadKind, file: UploadedFile, ai?: repo.AiOrigin): Promise<TUpload> {
    const limit = this.limit(kind);
    const chunks = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const sample: Buffer[] = [];
    let sampled = 0;
    let ended = false;
    try {
      while (sampled < SAMPLE_BYTES) {
        const next = await chunks.next();
        if (next.done) {
          ended = true;
          break;
        }
        sample.push(next.value);
        sampled += next.value.length;
      }
    } catch {
      throw new AppError('INCOMPLETE', 400, 'upload.incomplete');
    }
    if (sampled === 0) throw new AppError('EMPTY', 400, 'upload.empty');
    if (sampled > limit) throw this.tooLarge(kind);
    const head = Buffer.concat(sample);
    // A detector that chokes on malformed bytes has not recognised the file either.
    const { fileTypeFromBuffer } = await loadFileType();
    const detected = await fileTypeFromBuffer(head).catch(() => undefined);
    const accepted: Record<string, string> = UPLOAD_TYPES[kind];
    const extension = detected ? accepted[detected.mime] : undefined;
    if (!detected || !extension) throw new AppError('UNSUPPORTED_TYPE', 415, `upload.badType.${kind}` as const);

    let size = sampled;
    async function* body(): AsyncGenerator<Buffer> {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        size += next.value.length;
        if (size > limit) throw new TooLargeError();
        yield next.value;
      }
    }

    const key = newStorageKey();
    try {
      const stored = await this.storage.put(key, Readable.from(body(), { objectMode: false }), detected.mime);
      if (stored.size !== size) throw new Error(`stored ${stored.size} bytes of ${size}`);
    } catch (error) {
      if (error instanceof TooLargeError) throw this.tooLarge(kind);
      // The client went away or the upload broke off: nothing was kept (put cleans up after itself).
      if (
        file.stream.destroyed ||
        (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
        (error as Error).name === 'PrematureCloseError'
      ) {
        throw new AppError('INCOMPLETE', 400, 'upload.incomplete');
      }
      throw error;
    }

    const row: repo.UploadRow = {
      id: newId(),
      organisationId: actor.organisationId,
      courseId,
      kind,
      mime: detected.mime,
      size,
      originalName: cleanOriginalName(file.filename, extension),
      storageKey: key,
      createdAt: new Date().toISOString(),
    };
    try {
      await repo.insertUpload(this.db, { ...row, uploadedBy: actor.id, ...(ai && { ai }) });
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
    return toResponse(row);
  }

  /**
   * The upload, if `viewer` (null: no session) may fetch it, by what it is to its course:
   * - the course's cover: whoever may see the course (canViewCourse), and its enrolled learners;
   * - a lesson's media (a video, a download, an image in its text or notes): the lesson's own
   *   readers, i.e. learners enrolled in the course (bought, assigned or free) once it is out of
   *   draft, as in the player;
   * - a free preview lesson's media, of a published public or unlisted course: anyone at all;
   * - and always the staff (admins, instructors) of the company it belongs to, who build and
   *   preview the course, also before the file is used anywhere;
   * - a company's own image that is open to all (its brand's logo and hero image): anyone.
   * Any one of them suffices. Everyone else is answered 404, as for a file that does not exist, so
   * an id confirms nothing. `open` says whether anyone at all may fetch it (a published public or
   * unlisted course's cover, or a file of one of its free previews).
   */
  async authorise(viewer: TUser | null, id: string): Promise<{ upload: repo.UploadRow; open: boolean }> {
    const found = await repo.findUploadWithCourse(this.db, id, viewer?.id ?? null);
    if (!found) throw new AppError('NOT_FOUND', 404, 'upload.notFound');
    const { upload, course, enrolled } = found;
    const who = viewer && viewerOf(viewer);
    const cover = course !== null && course.thumbnailUploadId === upload.id;
    const open = cover && canViewCourse(course, null);
    if (open || (who && isStaffOf(who, upload.organisationId))) return { upload, open };
    if (course === null && upload.kind === 'image' && (await this.isOpenImage(upload.organisationId, upload.id)))
      return { upload, open: true };
    const readsLessons = course !== null && enrolled && course.status !== 'draft';
    if (cover && (canViewCourse(course, who) || readsLessons)) return { upload, open };
    if (readsLessons && (await this.inAnyLesson(course.id, upload.id))) return { upload, open };
    if (course !== null && canViewCourse(course, null) && (await this.inAnyLesson(course.id, upload.id, true)))
      return { upload, open: true };
    throw new AppError('NOT_FOUND', 404, 'upload.notFound');
  }

  /** Does any lesson of the course (or any free preview) use the upload (media, download, or an image in its text)? */
  private async inAnyLesson(courseId: string, uploadId: string, previewsOnly = false): Promise<boolean> {
    for (const lesson of await repo.lessonsMentioning(this.db, courseId, uploadId, previewsOnly)) {
      if (!isLessonKind(lesson.kind)) continue;
      const parsed = contentSchemas[lesson.kind].safeParse(JSON.parse(lesson.content));
      if (parsed.success && uploadReferences(lesson.kind, parsed.data).some((ref) => ref.id === uploadId)) return true;
    }
    return false;
  }

  /**
   * An image a company's site may show: the cover of one of that company's published public or
   * unlisted courses. Anything else (a lesson's image among them) is not there (undefined).
   */
  async siteImage(organisationId: string, id: string): Promise<repo.UploadRow | undefined> {
    const found = await repo.findUploadWithCourse(this.db, id);
    if (!found?.course || found.upload.kind !== 'image' || found.course.thumbnailUploadId !== found.upload.id) return undefined;
    if (found.course.organisationId !== organisationId || !canViewCourse(found.course, null)) return undefined;
    return found.upload;
  }

  /** An image of the company's own, by id (its brand's logo or hero image); anything else undefined. */
  async companyImage(organisationId: string, id: string): Promise<repo.UploadRow | undefined> {
    const found = await repo.findUploadWithCourse(this.db, id);
    if (!found || found.upload.kind !== 'image' || found.upload.organisationId !== organisationId) return undefined;
    return found.upload;
  }

  /** A whole (small) file's bytes, as for an image drawn into a PDF. */
  async bytes(upload: repo.UploadRow): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.read(upload, null)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The file's bytes, or the range asked for, as a stream from storage. */
  async read(upload: repo.UploadRow, range: ByteRange | null): Promise<Readable> {
    try {
      return await this.storage.get(upload.storageKey, range ?? undefined);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', 404, 'upload.notFound');
      throw error;
    }
  }
}
