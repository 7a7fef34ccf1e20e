import type { TGenerationJobInput } from '../../../shared/schemas/course-generation.ts';
import type { TQuizContent } from '../../../shared/schemas/lesson-content.ts';
import type { StepContext } from '../../ai/jobs/kinds.ts';
import type { AiRunner, RunContext, TaskResult } from '../../ai/run-task.ts';
import { generateLesson } from '../../ai/tasks/generate-lesson/prompt.ts';
import { generateOutline } from '../../ai/tasks/generate-outline/prompt.ts';
import { generateQuiz } from '../../ai/tasks/generate-quiz/prompt.ts';
import type { Db } from '../../db/database.ts';
import * as courses from '../courses/repository.ts';
import { parseJson } from '../courses/serialise.ts';
import { readPlan, type GenerationPlan, type GenerationScope } from './generation-plan.ts';
import { lessonDocument } from './lesson-document.ts';
import { writable, writeGenerated } from './lesson-writes.ts';
import { createOutlineOnce, ensureQuizLessons } from './outline-writes.ts';
import { courseBrief, lessonBrief, quizBrief } from './briefs.ts';
import { quizContent } from './quiz-content.ts';
import * as repo from './repository.ts';

/** What the steps of a generation job need. */
export interface StepDeps {
  db: Db;
  ai: AiRunner;
}

type Ctx = StepContext<TGenerationJobInput>;

/** A step's output: what it wrote, or why it wrote nothing. */
export interface WriteResult {
  lessonId: string;
  version?: number;
  skipped?: 'edited' | 'gone';
}

function runContext(ctx: Ctx): RunContext {
  const { job, signal } = ctx;
  return { organisationId: job.organisationId, userId: job.userId, isAdmin: false, language: job.input.language, signal };
}

/** Counts a run's tokens on the step (and the job). */
function spent<T>(ctx: Ctx, result: TaskResult<T>): TaskResult<T> {
  ctx.reportTokens({ input: result.usage.inputTokens, output: result.usage.outputTokens });
  return result;
}

const courseGone = () => new Error('the course was deleted or archived');

/** Partial progress, sent live; not waited for, so the step's own calls are not held up by it. */
function progress(ctx: Ctx, percent: number): void {
  ctx.reportProgress(percent).catch(() => {
    // Only the progress bar misses a tick; the step's outcome is recorded on its own.
  });
}

/**
 * The first step of every generation job: for a whole course without modules, the outline is
 * generated and created (once); then quiz lessons are added where wanted, and what the job will
 * write is fixed with each lesson's version (generation-plan.ts).
 */
export async function outlineStep(deps: StepDeps, scope: GenerationScope, ctx: Ctx): Promise<GenerationPlan> {
  const { db, ai } = deps;
  const input = ctx.job.input;
  const course = await courses.findCourse(db, input.courseId);
  if (!course || course.status === 'archived') throw courseGone();
  let summaries = new Map<string, string>();
  let generated = false;
  if (scope === 'whole-course' && (await repo.countModules(db, input.courseId)) === 0) {
    progress(ctx, 10);
    const result = spent(ctx, await ai.run(generateOutline, { course: courseBrief(course), moduleCount: input.options.moduleCount, lessonsPerModule: input.options.lessonsPerModule }, runContext(ctx)));
    summaries = await createOutlineOnce(db, input.courseId, result.output, result.model, input.options.quizPerModule ? { language: input.language } : null);
    generated = summaries.size > 0;
  }
  const wantsQuiz = scope === 'all-quizzes' || input.options.quizPerModule;
  if (wantsQuiz && !generated) {
    const modules = (await courses.findModules(db, input.courseId)).filter((m) => scope !== 'module' || m.id === input.moduleId);
    const lessons = await repo.findLessonsWithContent(db, input.courseId);
    const withText = modules.filter((m) => lessons.some((l) => l.module_id === m.id && l.kind === 'text'));
    await ensureQuizLessons(db, input.courseId, withText, input.language);
  }
  return readPlan(db, scope, input, generated, summaries);
}

/** One lesson's text, written unless the lesson was edited (or deleted) since the job read it. */
export async function lessonStep(deps: StepDeps, ctx: Ctx, step: { lessonId: string; version: number; summary: string }): Promise<WriteResult> {
  const { db, ai } = deps;
  const lesson = await courses.findLesson(db, step.lessonId);
  if (!lesson) return { lessonId: step.lessonId, skipped: 'gone' };
  const brief = await lessonBrief(db, lesson, step.summary);
  if (!brief) throw courseGone();
  if (!writable(lesson, step.version, ctx.job.id)) return { lessonId: lesson.id, skipped: 'edited' };
  progress(ctx, 10);
  const result = spent(ctx, await ai.run(generateLesson, brief, runContext(ctx)));
  progress(ctx, 90);
  const content = lessonDocument(result.output, ctx.job.input.language);
  const outcome = await writeGenerated(db, { lessonId: lesson.id, baseVersion: step.version, jobId: ctx.job.id, authorId: ctx.job.userId, kind: 'text', content, model: result.model });
  return outcome.status === 'written' ? { lessonId: lesson.id, version: outcome.version } : { lessonId: lesson.id, skipped: outcome.status };
}

/** A module's quiz from its lessons as they now are, the correct answers spread evenly. */
export async function quizStep(deps: StepDeps, ctx: Ctx, step: { moduleId: string; lessonId: string; version: number }): Promise<WriteResult> {
  const { db, ai } = deps;
  const lesson = await courses.findLesson(db, step.lessonId);
  if (!lesson) return { lessonId: step.lessonId, skipped: 'gone' };
  const brief = await quizBrief(db, lesson.course_id, step.moduleId, ctx.job.input.options.questionsPerQuiz);
  if (!brief) throw courseGone();
  progress(ctx, 10);
  const result = spent(ctx, await ai.run(generateQuiz, brief, runContext(ctx)));
  progress(ctx, 90);
  const current = parseJson(lesson.content, {}) as Partial<TQuizContent>;
  const content = quizContent(result.output.questions.slice(0, brief.questionCount), lesson.id, { passMark: current.passMark ?? 70, maxAttempts: current.maxAttempts === undefined ? 3 : current.maxAttempts });
  const outcome = await writeGenerated(db, { lessonId: lesson.id, baseVersion: step.version, jobId: ctx.job.id, authorId: ctx.job.userId, kind: 'quiz', content, model: result.model });
  return outcome.status === 'written' ? { lessonId: lesson.id, version: outcome.version } : { lessonId: lesson.id, skipped: outcome.status };
}
