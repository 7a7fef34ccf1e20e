import {
  GENERATION_JOB_KINDS,
  type GenerationJobKind,
  type TCourseGenerationJobs,
  type TGenerationJobCreated,
  type TGenerationJobInput,
  type TRegenerateLessonRequest,
  type TRegenerateQuestionRequest,
} from '../../../../shared/schemas/course-generation.ts';
import type { TLesson } from '../../../../shared/schemas/courses.ts';
import { ZVideoContent, type LessonFormat, type TVideoContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { JobsService } from '../../../jobs/service.ts';
import { jobView } from '../../../jobs/views.ts';
import type { AiRunner, RunContext } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import { generateContent, type ContentInput } from '../../../ai/tasks/generate-content/prompt.ts';
import type { ContentOutput } from '../../../ai/tasks/generate-content/schema.ts';
import { generateLesson } from '../../../ai/tasks/generate-lesson/prompt.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import {
  assertEditable,
  conflict,
  courseFor,
  courseRecords as courses,
  type CourseRow,
  lessonFor,
  type LessonRow,
  moduleFor,
  parseJson,
  toLesson,
} from '../../courses/index.ts';
import { blocksOf } from './content-blocks.ts';
import { toDocument } from './content-render.ts';
import { lessonBrief } from './briefs.ts';
import { lessonDocument } from './lesson-document.ts';
import { writeGenerated, type GeneratedWrite } from './lesson-writes.ts';
import { regenerateQuestion, regenerateQuiz } from './quiz-regeneration.ts';
import * as repo from './repository.ts';

type Language = 'da' | 'en' | undefined;

const notText = () => new AppError('VALIDATION', 400, 'courseGeneration.notText');
const formatNotForKind = () => new AppError('VALIDATION', 400, 'courseGeneration.formatNotForKind');

/**
 * Course generation: starts the durable jobs that write a whole course, its
 * quizzes or one module, and rewrites one lesson or one quiz question at once. Every id is checked
 * against the user's rights on its course (courses/access.ts: other companies and colleagues' courses
 * are 404); no provider (503) and a used-up quota (429) are refused before any job is created.
 */
export class CourseGenerationService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly jobs: JobsService,
  ) {}

  private async startJob(
    actor: TUser,
    course: CourseRow,
    kind: GenerationJobKind,
    input: Omit<TGenerationJobInput, 'courseId' | 'language'>,
  ): Promise<TGenerationJobCreated> {
    assertEditable(course);
    await this.ai.assertAvailable(actor.organisationId, actor.role === 'admin');
    const language: AiLanguage = course.language === 'en' ? 'en' : 'da';
    // Checked and created under the course row's lock: of two requests at the same instant, the second waits and sees the first's job.
    const job = await this.db.transaction().execute(async (trx) => {
      await repo.lockCourse(trx, course.id);
      if ((await repo.activeJobs(trx, course.id, GENERATION_JOB_KINDS)).length > 0)
        throw new AppError('GENERATION_RUNNING', 409, 'courseGeneration.alreadyRunning');
      return this.jobs.create(
        {
          kind,
          organisationId: actor.organisationId,
          userId: actor.id,
          courseId: course.id,
          input: { ...input, courseId: course.id, language },
        },
        trx,
      );
    });
    this.jobs.wakeWorker();
    return { jobId: job.id, job };
  }

  async generateCourse(actor: TUser, courseId: string, options: TGenerationJobInput['options']): Promise<TGenerationJobCreated> {
    const course = await courseFor(this.db, actor, courseId);
    if (options.sourceId) await this.assertMaterial(actor, options.sourceId);
    return this.startJob(actor, course, 'whole-course', { options });
  }

  /** Material is used by whoever uploaded it and the company's admins; to anyone else it does not exist. */
  private async assertMaterial(actor: TUser, sourceId: string): Promise<void> {
    const source = await this.db
      .selectFrom('course_sources')
      .select(['organisation_id', 'user_id'])
      .where('id', '=', sourceId)
      .executeTakeFirst();
    const usable = source && source.organisation_id === actor.organisationId && (actor.role === 'admin' || source.user_id === actor.id);
    if (!usable) throw new AppError('SOURCE_NOT_FOUND', 404, 'source.notFound', { fields: { sourceId: 'source.notFound' } });
  }

  async generateQuizzes(actor: TUser, courseId: string, options: Partial<TGenerationJobInput['options']>): Promise<TGenerationJobCreated> {
    const course = await courseFor(this.db, actor, courseId);
    return this.startJob(actor, course, 'all-quizzes', { options: { quizPerModule: true, replaceExisting: false, ...options } });
  }

  async regenerateModule(actor: TUser, moduleId: string, options: Partial<TGenerationJobInput['options']>): Promise<TGenerationJobCreated> {
    const { course } = await moduleFor(this.db, actor, moduleId);
    return this.startJob(actor, course, 'module', { moduleId, options: { quizPerModule: true, replaceExisting: true, ...options } });
  }

  /** The course's generation jobs this user may follow (an admin: all; others: their own), newest first. */
  async courseJobs(actor: TUser, courseId: string, lang: Language): Promise<TCourseGenerationJobs> {
    const course = await courseFor(this.db, actor, courseId);
    const rows = await repo.courseJobs(this.db, course.id, GENERATION_JOB_KINDS, actor.role === 'admin' ? null : actor.id);
    return { jobs: rows.map((row) => jobView(row, lang)) };
  }

  private runContext(actor: TUser, course: CourseRow, signal: AbortSignal): RunContext {
    return {
      organisationId: actor.organisationId,
      userId: actor.id,
      isAdmin: actor.role === 'admin',
      language: course.language === 'en' ? 'en' : 'da',
      signal,
    };
  }

  /** Writes as the user; a lesson changed since they read it is 409, one deleted meanwhile 404. */
  private async write(write: Omit<GeneratedWrite, 'jobId'>): Promise<TLesson> {
    const outcome = await writeGenerated(this.db, { ...write, jobId: null });
    if (outcome.status === 'edited') throw conflict();
    const lesson = outcome.status === 'written' ? await courses.findLesson(this.db, write.lessonId) : undefined;
    if (!lesson) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
    return toLesson(lesson);
  }

  /**
   * One lesson written again — a text lesson (as a lesson text, or in one of the six content formats),
   * a whole quiz, or a video lesson's script; the old content stays in its revisions.
   */
  async regenerateLesson(actor: TUser, lessonId: string, body: TRegenerateLessonRequest, signal: AbortSignal): Promise<TLesson> {
    const { lesson, course } = await lessonFor(this.db, actor, lessonId);
    assertEditable(course);
    if (lesson.kind !== 'text' && lesson.kind !== 'quiz' && lesson.kind !== 'video') throw notText();
    const format = body.format ?? (lesson.kind === 'video' ? 'video-script' : undefined);
    if ((lesson.kind === 'quiz' && format) || (lesson.kind === 'video' && format !== 'video-script')) throw formatNotForKind();
    if (Number(lesson.version) !== body.version) throw conflict();
    const ctx = this.runContext(actor, course, signal);
    // A lesson text is written by generate-lesson, with the course, module and sibling lessons as its brief.
    if (format && format !== 'lesson') return this.regenerateFormat(actor, lesson, course, format, body, ctx);
    if (lesson.kind === 'quiz') {
      const quiz = await regenerateQuiz(this.db, this.ai, lesson, ctx);
      return this.write({
        lessonId,
        baseVersion: body.version,
        authorId: actor.id,
        kind: 'quiz',
        content: quiz.content,
        model: quiz.model,
      });
    }
    const brief = await lessonBrief(this.db, lesson, '', body.instructions);
    if (!brief) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
    const result = await this.ai.run(generateLesson, brief, ctx);
    return this.write({
      lessonId,
      baseVersion: body.version,
      authorId: actor.id,
      kind: 'text',
      content: lessonDocument(result.output, ctx.language),
      model: result.model,
    });
  }

  /**
   * A lesson written again in one content format through generate-content (its schema per format, and
   * the same rendering to lesson blocks as the creator's content generator): a text lesson's text, or a
   * video lesson's notes (the video itself stays). The teacher's wishes go in as the lesson's aim.
   */
  private async regenerateFormat(
    actor: TUser,
    lesson: LessonRow,
    course: CourseRow,
    format: LessonFormat,
    body: TRegenerateLessonRequest,
    ctx: RunContext,
  ): Promise<TLesson> {
    const module = await courses.findModule(this.db, lesson.module_id);
    const language = ctx.language;
    const input: ContentInput = {
      type: format,
      lesson: {
        module_title: module?.title ?? '',
        lesson_title: lesson.title,
        learning_objective: body.instructions ?? '',
        duration_minutes: Math.min(240, Math.max(5, lesson.duration_minutes ?? 30)),
        difficulty: course.level,
      },
      courseContext: {
        title: course.title,
        ...(course.description && { description: course.description.slice(0, 4000) }),
        target_audience: course.target_audience.slice(0, 1000),
        language,
      },
    };
    const result = await this.ai.run(generateContent(format), input, ctx);
    const document = toDocument(blocksOf({ type: format, value: result.output } as ContentOutput, language));
    const kind = lesson.kind === 'video' ? 'video' : 'text';
    const video = kind === 'video' ? ZVideoContent.safeParse(parseJson(lesson.content, null)) : null;
    const content =
      kind === 'video' ? ({ video: video?.success ? video.data.video : null, notes: document } satisfies TVideoContent) : document;
    return this.write({
      lessonId: lesson.id,
      baseVersion: Number(lesson.version),
      authorId: actor.id,
      kind,
      content,
      model: result.model,
      format,
    });
  }

  /** One question of a quiz written again, its correct answer where the old one's was. */
  async regenerateQuestion(actor: TUser, lessonId: string, body: TRegenerateQuestionRequest, signal: AbortSignal): Promise<TLesson> {
    const { lesson, course } = await lessonFor(this.db, actor, lessonId);
    assertEditable(course);
    if (lesson.kind !== 'quiz') throw new AppError('VALIDATION', 400, 'courseGeneration.notQuiz');
    if (Number(lesson.version) !== body.version) throw conflict();
    const quiz = await regenerateQuestion(this.db, this.ai, lesson, body.questionIndex, this.runContext(actor, course, signal));
    return this.write({ lessonId, baseVersion: body.version, authorId: actor.id, kind: 'quiz', content: quiz.content, model: quiz.model });
  }
}
