import type { TGenerationJobInput } from '../../../../shared/schemas/course-generation.ts';
import type { TQuizContent } from '../../../../shared/schemas/lesson-content.ts';
import type { StepContext } from '../../../jobs/kinds.ts';
import type { AiRunner, RunContext, TaskResult } from '../../../ai/run-task.ts';
import { generateLesson } from '../../../ai/tasks/generate-lesson/prompt.ts';
import { generateOutline } from '../../../ai/tasks/generate-outline/prompt.ts';
import { generateQuiz } from '../../../ai/tasks/generate-quiz/prompt.ts';
import type { LessonInput } from '../../../ai/tasks/generate-lesson/prompt.ts';
import { lessonFromMaterial } from '../../../ai/tasks/lesson-from-material/prompt.ts';
import { outlineFromMaterial } from '../../../ai/tasks/outline-from-material/prompt.ts';
import type { Db } from '../../../db/database.ts';
import type { JobsService } from '../../../jobs/service.ts';
import type { Storage } from '../../../storage/storage.ts';
import { courseRecords as courses, parseJson } from '../../courses/index.ts';
import { readPlan, type GenerationPlan, type GenerationScope } from './generation-plan.ts';
import { lessonDocument } from './lesson-document.ts';
import { writable, writeGenerated } from './lesson-writes.ts';
import { createOutlineOnce, ensureQuizLessons } from './outline-writes.ts';
import { courseBrief, lessonBrief, quizBrief } from './briefs.ts';
import { loadMaterial, outlineMaterial, sectionsFor, withCitations, type Material } from './material.ts';
import { quizContent } from './quiz-content.ts';
import * as repo from './repository.ts';

/** What the steps of a generation job need. */
export interface StepDeps {
  db: Db;
  ai: AiRunner;
  /** For the draft features (ADR 022): the workbook's file, and the translation job it starts. */
  storage?: Storage;
  jobs?: JobsService;
}

type Ctx = StepContext<TGenerationJobInput>;

/** A step's output: what it wrote, or why it wrote nothing. */
export interface WriteResult {
  lessonId: string;
  version?: number;
  skipped?: 'edited' | 'gone';
}

export function runContext(ctx: Ctx): RunContext {
  const { job, signal } = ctx;
  return { organisationId: job.organisationId, userId: job.userId, isAdmin: false, language: job.input.language, signal };
}

/** Counts a run's tokens on the step (and the job). */
export function spent<T>(ctx: Ctx, result: TaskResult<T>): TaskResult<T> {
  ctx.reportTokens({ input: result.usage.inputTokens, output: result.usage.outputTokens });
  return result;
}

const courseGone = () => new Error('the course was deleted or archived');

/** Partial progress, sent live; not waited for, so the step's own calls are not held up by it. */
export function progress(ctx: Ctx, percent: number): void {
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
  let sources: Record<string, number[]> | undefined;
  if (scope === 'whole-course' && (await repo.countModules(db, input.courseId)) === 0) {
    progress(ctx, 10);
    const material = input.options.sourceId ? await loadMaterial(db, input.options.sourceId) : undefined;
    const brief = { course: courseBrief(course), moduleCount: input.options.moduleCount, lessonsPerModule: input.options.lessonsPerModule };
    const result = material
      ? spent(
          ctx,
          await ai.run(
            outlineFromMaterial(material.sections.map((s) => s.number)),
            { ...brief, material: outlineMaterial(material) },
            runContext(ctx),
          ),
        )
      : spent(ctx, await ai.run(generateOutline, brief, runContext(ctx)));
    summaries = await createOutlineOnce(
      db,
      input.courseId,
      result.output,
      result.model,
      input.options.quizPerModule ? { language: input.language } : null,
    );
    generated = summaries.size > 0;
    // The outline's lessons were created in its order: each gets the sections the model named for it.
    if (material && generated) {
      const named = result.output.modules.flatMap((m) =>
        m.lessons.map((l) => ('source_sections' in l ? (l.source_sections as number[]) : [])),
      );
      sources = Object.fromEntries([...summaries.keys()].map((id, i) => [id, named[i] ?? []]));
    }
  }
  const wantsQuiz = scope === 'all-quizzes' || input.options.quizPerModule;
  if (wantsQuiz && !generated) {
    const modules = (await courses.findModules(db, input.courseId)).filter((m) => scope !== 'module' || m.id === input.moduleId);
    const lessons = await repo.findLessonsWithContent(db, input.courseId);
    const withText = modules.filter((m) => lessons.some((l) => l.module_id === m.id && l.kind === 'text'));
    await ensureQuizLessons(db, input.courseId, withText, input.language);
  }
  const plan = await readPlan(db, scope, input, generated, summaries);
  return sources ? { ...plan, sources } : plan;
}

/** One lesson's text, written unless the lesson was edited (or deleted) since the job read it. */
export async function lessonStep(
  deps: StepDeps,
  ctx: Ctx,
  step: { lessonId: string; version: number; summary: string; sections?: number[] | undefined },
): Promise<WriteResult> {
  const { db } = deps;
  const lesson = await courses.findLesson(db, step.lessonId);
  if (!lesson) return { lessonId: step.lessonId, skipped: 'gone' };
  const brief = await lessonBrief(db, lesson, step.summary);
  if (!brief) throw courseGone();
  if (!writable(lesson, step.version, ctx.job.id)) return { lessonId: lesson.id, skipped: 'edited' };
  progress(ctx, 10);
  const material = ctx.job.input.options.sourceId ? await loadMaterial(db, ctx.job.input.options.sourceId) : undefined;
  const { content, model } = material ? await groundedLesson(deps, ctx, brief, material, step) : await plainLesson(deps, ctx, brief);
  progress(ctx, 90);
  const outcome = await writeGenerated(db, {
    lessonId: lesson.id,
    baseVersion: step.version,
    jobId: ctx.job.id,
    authorId: ctx.job.userId,
    kind: 'text',
    content,
    model,
  });
  return outcome.status === 'written'
    ? { lessonId: lesson.id, version: outcome.version }
    : { lessonId: lesson.id, skipped: outcome.status };
}

async function plainLesson(deps: StepDeps, ctx: Ctx, brief: LessonInput) {
  const result = spent(ctx, await deps.ai.run(generateLesson, brief, runContext(ctx)));
  return { content: lessonDocument(result.output, ctx.job.input.language), model: result.model };
}

/** A lesson written from the material's sections it draws on, ending with the ones it cites. */
async function groundedLesson(
  deps: StepDeps,
  ctx: Ctx,
  brief: LessonInput,
  material: Material,
  step: { summary: string; sections?: number[] | undefined },
) {
  const sections = sectionsFor(material, { title: brief.lesson.title, summary: step.summary }, step.sections);
  const task = lessonFromMaterial(sections.map((s) => s.number));
  const result = spent(ctx, await deps.ai.run(task, { ...brief, material: { title: material.title, sections } }, runContext(ctx)));
  const language = ctx.job.input.language;
  return {
    content: withCitations(lessonDocument(result.output, language), material, result.output.cited_sections, language),
    model: result.model,
  };
}

/** A module's quiz from its lessons as they now are, the correct answers spread evenly. */
export async function quizStep(
  deps: StepDeps,
  ctx: Ctx,
  step: { moduleId: string; lessonId: string; version: number },
): Promise<WriteResult> {
  const { db, ai } = deps;
  const lesson = await courses.findLesson(db, step.lessonId);
  if (!lesson) return { lessonId: step.lessonId, skipped: 'gone' };
  const brief = await quizBrief(db, lesson.course_id, step.moduleId, ctx.job.input.options.questionsPerQuiz);
  if (!brief) throw courseGone();
  progress(ctx, 10);
  const result = spent(ctx, await ai.run(generateQuiz, brief, runContext(ctx)));
  progress(ctx, 90);
  const current = parseJson(lesson.content, {}) as Partial<TQuizContent>;
  const content = quizContent(result.output.questions.slice(0, brief.questionCount), lesson.id, {
    passMark: current.passMark ?? 70,
    maxAttempts: current.maxAttempts === undefined ? 3 : current.maxAttempts,
    ...(current.revealAnswers && { revealAnswers: current.revealAnswers }),
  });
  const outcome = await writeGenerated(db, {
    lessonId: lesson.id,
    baseVersion: step.version,
    jobId: ctx.job.id,
    authorId: ctx.job.userId,
    kind: 'quiz',
    content,
    model: result.model,
  });
  return outcome.status === 'written'
    ? { lessonId: lesson.id, version: outcome.version }
    : { lessonId: lesson.id, skipped: outcome.status };
}
