import {
  GENERATION_JOB_KINDS,
  type GenerationJobKind,
  type TCourseGenerationJobs,
  type TGenerationJobCreated,
  type TGenerationJobInput,
  type TRegenerateLessonRequest,
  type TRegenerateQuestionRequest,
} from '../../../shared/schemas/course-generation.ts';
import type { TLesson } from '../../../shared/schemas/courses.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { JobsService } from '../../ai/jobs/service.ts';
import { jobView } from '../../ai/jobs/views.ts';
import type { AiRunner, RunContext } from '../../ai/run-task.ts';
import type { AiLanguage } from '../../ai/task.ts';
import { generateLesson } from '../../ai/tasks/generate-lesson/prompt.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { assertEditable, conflict, courseFor, lessonFor, moduleFor } from '../courses/access.ts';
import type { CourseRow } from '../courses/repository.ts';
import * as courses from '../courses/repository.ts';
import { toLesson } from '../courses/serialise.ts';
import { lessonBrief } from './briefs.ts';
import { lessonDocument } from './lesson-document.ts';
import { writeGenerated, type GeneratedWrite } from './lesson-writes.ts';
import { regenerateQuestion, regenerateQuiz } from './quiz-regeneration.ts';
import * as repo from './repository.ts';

type Language = 'da' | 'en' | undefined;

const notText = () => new AppError('VALIDATION', 400, 'courseGeneration.notText');

/**
 * Course generation (issue 7 §2–§3): starts the durable jobs that write a whole course, its
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

  private async startJob(actor: TUser, course: CourseRow, kind: GenerationJobKind, input: Omit<TGenerationJobInput, 'courseId' | 'language'>): Promise<TGenerationJobCreated> {
    assertEditable(course);
    await this.ai.assertAvailable(actor.organisationId, actor.role === 'admin');
    const language: AiLanguage = course.language === 'en' ? 'en' : 'da';
    // Checked and created under the course row's lock: of two requests at the same instant, the second waits and sees the first's job.
    const job = await this.db.transaction().execute(async (trx) => {
      await repo.lockCourse(trx, course.id);
      if ((await repo.activeJobs(trx, course.id, GENERATION_JOB_KINDS)).length > 0) throw new AppError('GENERATION_RUNNING', 409, 'courseGeneration.alreadyRunning');
      return this.jobs.create({ kind, organisationId: actor.organisationId, userId: actor.id, courseId: course.id, input: { ...input, courseId: course.id, language } }, trx);
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
    const source = await this.db.selectFrom('course_sources').select(['organisation_id', 'user_id']).where('id', '=', sourceId).executeTakeFirst();
    const usable = source && source.organisation_id === actor.organisationId && (actor.role === 'admin' || source.user_id === actor.id);
    if (!usable) throw new AppError('SOURCE_NOT_FOUND', 404, 'source.notFound', { sourceId: 'source.notFound' });
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
    return { organisationId: actor.organisationId, userId: actor.id, isAdmin: actor.role === 'admin', language: course.language === 'en' ? 'en' : 'da', signal };
  }

  /** Writes as the user; a lesson changed since they read it is 409, one deleted meanwhile 404. */
  private async write(write: Omit<GeneratedWrite, 'jobId'>): Promise<TLesson> {
    const outcome = await writeGenerated(this.db, { ...write, jobId: null });
    if (outcome.status === 'edited') throw conflict();
    const lesson = outcome.status === 'written' ? await courses.findLesson(this.db, write.lessonId) : undefined;
    if (!lesson) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
    return toLesson(lesson);
  }

  /** One lesson (text, or a whole quiz) written again; the old content stays in its revisions. */
  async regenerateLesson(actor: TUser, lessonId: string, body: TRegenerateLessonRequest, signal: AbortSignal): Promise<TLesson> {
    const { lesson, course } = await lessonFor(this.db, actor, lessonId);
    assertEditable(course);
    if (lesson.kind !== 'text' && lesson.kind !== 'quiz') throw notText();
    if (Number(lesson.version) !== body.version) throw conflict();
    const ctx = this.runContext(actor, course, signal);
    if (lesson.kind === 'quiz') {
      const quiz = await regenerateQuiz(this.db, this.ai, lesson, ctx);
      return this.write({ lessonId, baseVersion: body.version, authorId: actor.id, kind: 'quiz', content: quiz.content, model: quiz.model });
    }
    const brief = await lessonBrief(this.db, lesson, '', body.instructions);
    if (!brief) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
    const result = await this.ai.run(generateLesson, brief, ctx);
    return this.write({ lessonId, baseVersion: body.version, authorId: actor.id, kind: 'text', content: lessonDocument(result.output, ctx.language), model: result.model });
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
