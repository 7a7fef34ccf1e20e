import { Readable } from 'node:stream';
import { AI_PROVIDERS, type AiProviderName } from '../../../../shared/schemas/ai.ts';
import type { TCourseImage, TCourseMedia, TDescribeImageRequest, TDrawImageRequest } from '../../../../shared/schemas/course-media.ts';
import type { LessonContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { uploadUrl } from '../../../../shared/schemas/uploads.ts';
import { noImageModel, type AiRunner, type RunContext } from '../../../ai/run-task.ts';
import { generateImageBrief } from '../../../ai/tasks/generate-image-brief/prompt.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import {
  assertBuilder,
  assertEditable,
  courseFor,
  type CoursesService,
  findLessonContents,
  parseJson,
  plainText,
  stringList,
  uploadReferences,
  type UploadsService,
} from '../../courses/index.ts';
import type { ContentService } from '../course-creator/content.ts';

/** Lessons a picture can go into: a text lesson's text, a video or download lesson's notes. */
const ILLUSTRATED = new Set(['text', 'video', 'download']);

/** How much of a lesson's text the model reads to picture it. */
const EXCERPT_CHARS = 1200;

const notFound = () => new AppError('NOT_FOUND', 404, 'media.notFound');

const providerOf = (name: string | null): AiProviderName =>
  (AI_PROVIDERS as readonly string[]).includes(name ?? '') ? (name as AiProviderName) : 'openai-compatible';

interface ImageRow {
  id: string;
  alt_text: string | null;
  ai_prompt: string | null;
  ai_provider: string | null;
  ai_model: string | null;
  ai_target: string | null;
  mime: string;
  created_at: string;
}

/**
 * The creator's media step (docs/decisions/068-ai-images.md). The model that writes text describes
 * the picture (an English prompt for the image model, and alt text in the course's language); the
 * image model draws it; the picture is stored as one of the course's uploads with where it came
 * from. Nothing changes in the course until the teacher uses a picture: as the cover (through the
 * course model, at its current version) or appended to its lesson (as any inserted content, with a
 * revision). Admins (any course of the company) and the course's instructor; anyone else 404.
 */
export class CourseMediaService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly uploads: UploadsService,
    private readonly courses: CoursesService,
    private readonly content: ContentService,
  ) {}

  async get(actor: TUser, courseId: string): Promise<TCourseMedia> {
    assertBuilder(actor);
    const course = await courseFor(this.db, actor, courseId);
    const lessons = await findLessonContents(this.db, courseId);
    const rows = await this.imageRows(courseId);
    const used = new Set<string>(course.thumbnail_upload_id ? [course.thumbnail_upload_id] : []);
    for (const lesson of lessons)
      for (const ref of uploadReferences(lesson.kind, parseJson(lesson.content, {}) as LessonContent)) used.add(ref.id);
    return {
      courseId,
      imageModel: this.ai.imageModel,
      coverUrl: course.thumbnail_upload_id ? uploadUrl(course.thumbnail_upload_id) : null,
      lessons: lessons
        .filter((l) => ILLUSTRATED.has(l.kind))
        .map((l) => ({ id: l.id, title: l.title, module: l.module_title, kind: l.kind })),
      images: rows.map((row) => toImage(row, used.has(row.id))),
    };
  }

  /**
   * Draws a picture for the course's cover or one of its lessons and keeps it with the course.
   * 503 AI_IMAGE_NOT_CONFIGURED (before anything is asked) when there is no image model.
   */
  async draw(actor: TUser, courseId: string, body: TDrawImageRequest, signal: AbortSignal): Promise<TCourseImage> {
    assertBuilder(actor);
    const course = await courseFor(this.db, actor, courseId);
    assertEditable(course);
    const image = this.ai.imageModel;
    const ctx: RunContext = {
      organisationId: actor.organisationId,
      userId: actor.id,
      isAdmin: actor.role === 'admin',
      language: course.language === 'en' ? 'en' : 'da',
      signal,
    };
    // Said before the text model is paid to describe a picture nobody can draw.
    if (!image.available) throw noImageModel(image.missing, ctx.isAdmin);
    let lesson: { module: string; title: string; excerpt: string } | undefined;
    if (body.target === 'lesson') {
      const found = (await findLessonContents(this.db, courseId)).find((l) => l.id === body.lessonId);
      if (!found || !ILLUSTRATED.has(found.kind)) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
      lesson = { module: found.module_title, title: found.title, excerpt: excerptOf(found.kind, parseJson(found.content, {})) };
    }
    const brief = await this.ai.run(
      generateImageBrief,
      {
        target: body.target,
        course: {
          title: course.title,
          subtitle: course.subtitle,
          description: course.description,
          targetAudience: course.target_audience,
          learningObjectives: stringList(course.learning_objectives),
          level: course.level,
        },
        ...(lesson && { lesson }),
        ...(body.wishes && { wishes: body.wishes }),
      },
      ctx,
    );
    const target = body.target === 'cover' ? 'cover' : body.lessonId;
    const stored = await this.ai.draw(brief.output.prompt, ctx, (drawn) =>
      this.uploads
        .store(
          actor,
          courseId,
          'image',
          { filename: body.target === 'cover' ? 'cover' : 'illustration', stream: Readable.from([Buffer.from(drawn.bytes)]) },
          { altText: brief.output.alt_text, prompt: brief.output.prompt, provider: drawn.provider, model: drawn.model, target },
        )
        .catch(async (error: unknown) => {
          // What the provider sent is no picture we keep (an SVG, nothing, something too big): its fault, not the teacher's.
          if (error instanceof AppError && error.status < 500) throw new AppError('AI_BAD_OUTPUT', 502, 'media.badImage');
          // The course went while the picture was drawn (its row is what the upload would belong to).
          if (!(await courseFor(this.db, actor, courseId).then(Boolean, () => false))) throw notFound();
          throw error;
        }),
    );
    return toImage((await this.imageRow(courseId, stored.id))!, false);
  }

  /** Changes a drawn picture's alt text (used from now on; a lesson's copy is edited in the lesson). */
  async describe(actor: TUser, courseId: string, imageId: string, body: TDescribeImageRequest): Promise<TCourseImage> {
    assertBuilder(actor);
    assertEditable(await courseFor(this.db, actor, courseId));
    if (!(await this.imageRow(courseId, imageId))) throw notFound();
    await this.db.updateTable('uploads').set({ alt_text: body.altText }).where('id', '=', imageId).execute();
    return this.imageOf(actor, courseId, imageId);
  }

  /** Makes a drawn picture the course's cover, or appends it (with its alt text) to the lesson it was drawn for. */
  async use(actor: TUser, courseId: string, imageId: string): Promise<TCourseImage> {
    assertBuilder(actor);
    const course = await courseFor(this.db, actor, courseId);
    assertEditable(course);
    const row = await this.imageRow(courseId, imageId);
    if (!row) throw notFound();
    // Used already (a second tab, a repeated click): nothing more happens.
    const current = await this.imageOf(actor, courseId, imageId);
    if (current.inUse) return current;
    if (row.ai_target === 'cover') {
      // One more try on a course saved meanwhile: the cover is the only field this changes.
      try {
        await this.courses.update(actor, courseId, { version: course.version, thumbnailUploadId: imageId });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'VERSION_CONFLICT')) throw error;
        const now = await courseFor(this.db, actor, courseId);
        await this.courses.update(actor, courseId, { version: now.version, thumbnailUploadId: imageId });
      }
    } else {
      const gone = () => new AppError('MEDIA_LESSON_GONE', 409, 'media.lessonGone');
      const lesson = await this.courses.lessons.get(actor, row.ai_target ?? '').catch(() => {
        throw gone();
      });
      // Moved to another course, or made a quiz since: the picture has nowhere to go.
      if (lesson.courseId !== courseId || !ILLUSTRATED.has(lesson.kind)) throw gone();
      await this.content.insert(actor, lesson.id, {
        document: { type: 'doc', content: [{ type: 'image', attrs: { src: uploadUrl(imageId), alt: row.alt_text ?? '' } }] },
        version: lesson.version,
        mode: 'append',
      });
    }
    return this.imageOf(actor, courseId, imageId);
  }

  private async imageOf(actor: TUser, courseId: string, imageId: string): Promise<TCourseImage> {
    const found = (await this.get(actor, courseId)).images.find((image) => image.id === imageId);
    if (!found) throw notFound();
    return found;
  }

  private imageRows(courseId: string): Promise<ImageRow[]> {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'alt_text', 'ai_prompt', 'ai_provider', 'ai_model', 'ai_target', 'mime', 'created_at'])
      .where('course_id', '=', courseId)
      .where('origin', '=', 'ai')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  private imageRow(courseId: string, imageId: string): Promise<ImageRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .select(['id', 'alt_text', 'ai_prompt', 'ai_provider', 'ai_model', 'ai_target', 'mime', 'created_at'])
      .where('id', '=', imageId)
      .where('course_id', '=', courseId)
      .where('origin', '=', 'ai')
      .executeTakeFirst();
  }
}

function toImage(row: ImageRow, inUse: boolean): TCourseImage {
  const cover = row.ai_target === 'cover';
  return {
    id: row.id,
    url: uploadUrl(row.id),
    target: cover ? 'cover' : 'lesson',
    lessonId: cover ? null : row.ai_target,
    altText: row.alt_text ?? '',
    prompt: row.ai_prompt ?? '',
    source: { provider: providerOf(row.ai_provider), model: row.ai_model ?? '' },
    inUse,
    createdAt: row.created_at,
  };
}

/** The start of a lesson's words: a text lesson's text, another's notes. */
function excerptOf(kind: string, content: unknown): string {
  const doc = (kind === 'text' ? content : (content as { notes?: unknown } | null)?.notes) as { content?: unknown } | undefined;
  return plainText(doc?.content as Parameters<typeof plainText>[0]).slice(0, EXCERPT_CHARS);
}
