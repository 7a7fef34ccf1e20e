import type {
  TGenerateContentRequest,
  TGenerateContentResponse,
  TInsertContentRequest,
} from '../../../../shared/schemas/creator-content.ts';
import type { TLesson } from '../../../../shared/schemas/courses.ts';
import type { TipTapNode, TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import type { ContentOutput } from '../../../ai/tasks/generate-content/schema.ts';
import { generateContent } from '../../../ai/tasks/generate-content/prompt.ts';
import { AppError } from '../../../http/errors.ts';
import { assertBuilder, conflict, type CoursesService, type OutlinePlanService, validateContent } from '../../courses/index.ts';
import { blocksOf } from '../course-generation/content-blocks.ts';
import { toDocument, toPlainText } from '../course-generation/content-render.ts';
import type { CallOptions } from './service.ts';

/** An editor's fresh document is one empty paragraph: appending to it replaces it. */
const isBlank = (nodes: TipTapNode[]) => nodes.every((n) => n.type === 'paragraph' && !n.content?.length);

function combined(existing: TTextContent | undefined, added: TTextContent, mode: 'append' | 'replace'): TTextContent {
  if (mode === 'replace' || !existing || isBlank(existing.content)) return added;
  return { type: 'doc', content: [...existing.content, ...added.content] };
}

/**
 * The content generator (a lesson's title, module, objective, length and level, in one of the six
 * LESSON_FORMATS) and putting its document into a lesson. The document is built by code from the
 * model's structured answer; inserting goes through the course model's own lesson save, so it is
 * validated, versioned and leaves a revision, and records which model wrote it when the caller
 * passes generate-content's source along.
 */
export class ContentService {
  constructor(
    private readonly ai: AiRunner,
    private readonly courses: CoursesService,
    private readonly plans: OutlinePlanService,
  ) {}

  async generate(actor: TUser, body: TGenerateContentRequest, options: CallOptions): Promise<TGenerateContentResponse> {
    assertBuilder(actor);
    const courseContext = body.course_context ?? {};
    const language = body.language ?? courseContext.language ?? options.requestLanguage ?? 'da';
    const lesson = {
      module_title: body.module_title ?? '',
      lesson_title: body.lesson_title,
      learning_objective: body.learning_objective ?? '',
      duration_minutes: body.duration,
      difficulty: body.difficulty,
    };
    const result = await this.ai.run(
      generateContent(body.content_type),
      { type: body.content_type, lesson, courseContext },
      {
        organisationId: actor.organisationId,
        userId: actor.id,
        isAdmin: actor.role === 'admin',
        language,
        signal: options.signal,
        ...(options.onDelta && { onDelta: options.onDelta }),
      },
    );
    const output = { type: body.content_type, value: result.output } as ContentOutput;
    const blocks = blocksOf(output, language);
    const title = output.value.title;
    return {
      type: body.content_type,
      title,
      content: toPlainText(title, blocks),
      document: toDocument(blocks),
      structured: output.value as Record<string, unknown>,
      metadata: { duration: body.duration, difficulty: body.difficulty, generated_at: new Date().toISOString() },
      language,
      source: { provider: result.provider, model: result.model },
    };
  }

  /** Text lessons take the document as their text; video and download lessons as their notes. */
  async insert(actor: TUser, lessonId: string, body: TInsertContentRequest): Promise<TLesson> {
    const lesson = await this.courses.lessons.get(actor, lessonId);
    if (lesson.kind === 'quiz') throw new AppError('CREATOR_LESSON_NOT_WRITABLE', 400, 'creator.lessonNotWritable');
    const added = validateContent('text', body.document) as TTextContent;
    if (lesson.version !== body.version) throw conflict();
    const current = lesson.content as Record<string, unknown>;
    const content =
      lesson.kind === 'text'
        ? combined(current as TTextContent, added, body.mode)
        : { ...current, notes: combined(current.notes as TTextContent | undefined, added, body.mode) };
    const saved = await this.courses.lessons.save(actor, lessonId, { version: body.version, content });
    if (!body.source) return saved;
    // Appended to a teacher's own text, the lesson is AI-assisted: it is marked all the same.
    await this.plans.markGenerated(lessonId, { format: body.content_type, sourceModel: `${body.source.provider}:${body.source.model}` });
    return this.courses.lessons.get(actor, lessonId);
  }
}
