import { z } from 'zod';
import { ZGenerationJobInput, type TGenerationJobInput } from '../../../../shared/schemas/course-generation.ts';
import { defineJobKind, type JobKind, type StepPlan } from '../../../jobs/kinds.ts';
import { scriptStep, workbookStep, type FeatureResult } from './feature-steps.ts';
import { translateStep, type TranslationStarted } from './feature-translate.ts';
import type { GenerationPlan, GenerationScope } from './generation-plan.ts';
import { lessonStep, outlineStep, quizStep, type StepDeps, type WriteResult } from './steps.ts';

/**
 * The job kinds of course generation, on the durable engine (ADR 017):
 *   'outline'          — the outline (whole-course: generated unless the course has one) and what the job writes;
 *   'lesson:<lessonId>' — one lesson each, in parallel under AI_JOB_CONCURRENCY, after the outline;
 *   'quiz:<moduleId>'   — one per module, once that module's lessons are done.
 * 'whole-course' writes a course's empty lessons and quizzes, 'module' one module's lessons and
 * quiz again, 'all-quizzes' a quiz per module.
 */

const ZLessonStep = z.object({
  lessonId: z.string(),
  version: z.number().int(),
  summary: z.string(),
  sections: z.array(z.number().int()).optional(),
});
const ZQuizStep = z.object({ moduleId: z.string(), lessonId: z.string(), version: z.number().int() });

function plan(input: TGenerationJobInput, steps: Parameters<JobKind['plan']>[1]): StepPlan[] {
  const plans: StepPlan[] = [{ key: 'outline', phase: 'outline', input: { courseId: input.courseId, moduleId: input.moduleId ?? null } }];
  const outline = steps.get('outline');
  if (outline?.status !== 'done') return plans;
  const { modules, sources } = outline.output as GenerationPlan;
  for (const module of modules) {
    for (const lesson of module.lessons) {
      plans.push({
        key: `lesson:${lesson.id}`,
        phase: 'lessons',
        label: lesson.title,
        input: {
          lessonId: lesson.id,
          version: lesson.version,
          summary: lesson.summary,
          ...(sources?.[lesson.id] && { sections: sources[lesson.id] }),
        },
        dependsOn: ['outline'],
      });
    }
  }
  for (const module of modules) {
    if (!module.quiz) continue;
    const lessons = module.lessons.map((l) => `lesson:${l.id}`);
    plans.push({
      key: `quiz:${module.id}`,
      phase: 'quizzes',
      label: module.title,
      input: { moduleId: module.id, lessonId: module.quiz.id, version: module.quiz.version },
      dependsOn: lessons.length > 0 ? lessons : ['outline'],
    });
  }
  return [...plans, ...featurePlans(input, modules, plans)];
}

/**
 * The draft's features (ADR 022), after what the job writes: 'script:<moduleId>' once the module's
 * lessons and quiz are done, 'workbook' once every lesson, quiz and script is, and 'translate' last.
 */
function featurePlans(input: TGenerationJobInput, modules: GenerationPlan['modules'], before: StepPlan[]): StepPlan[] {
  const plans: StepPlan[] = [];
  const { videoScripts, workbook, secondLanguage } = input.options;
  if (videoScripts) {
    for (const module of modules) {
      const own = [...module.lessons.map((l) => `lesson:${l.id}`), ...(module.quiz ? [`quiz:${module.id}`] : [])];
      plans.push({
        key: `script:${module.id}`,
        phase: 'scripts',
        label: module.title,
        input: { moduleId: module.id },
        dependsOn: own.length > 0 ? own : ['outline'],
      });
    }
  }
  const all = () => [...before, ...plans].map((p) => p.key);
  if (workbook && modules.length > 0)
    plans.push({ key: 'workbook', phase: 'workbook', input: { courseId: input.courseId }, dependsOn: all() });
  if (secondLanguage) plans.push({ key: 'translate', phase: 'translation', input: { courseId: input.courseId }, dependsOn: all() });
  return plans;
}

function note(output: unknown): string | null {
  const value = output as Partial<WriteResult & GenerationPlan> | null;
  if (value?.skipped === 'edited') return 'courseGeneration.editedByUser';
  if (value?.skipped === 'gone') return 'courseGeneration.lessonGone';
  if ((value?.skipped as string | undefined) === 'exists') return 'courseGeneration.featureExisted';
  if (value?.generated === false && Array.isArray(value.modules)) return 'courseGeneration.outlineExisted';
  return null;
}

function result(input: TGenerationJobInput, outputs: ReadonlyMap<string, unknown>) {
  const summary = { courseId: input.courseId, lessonsWritten: 0, quizzesWritten: 0, skipped: 0, ...featureResult(outputs) };
  for (const [key, output] of outputs) {
    if (key === 'outline' || key === 'translate') continue;
    const write = output as WriteResult | null;
    if (write?.skipped) summary.skipped++;
    else if (key.startsWith('lesson:')) summary.lessonsWritten++;
    else if (key.startsWith('quiz:')) summary.quizzesWritten++;
  }
  return summary;
}

/** What the features wrote: scripts, the workbook's lesson and the translation's course and job. */
function featureResult(outputs: ReadonlyMap<string, unknown>) {
  const scripts = [...outputs].filter(([key, output]) => key.startsWith('script:') && !(output as FeatureResult).skipped).length;
  const workbook = outputs.get('workbook') as FeatureResult | undefined;
  const translation = outputs.get('translate') as TranslationStarted | undefined;
  return {
    ...(scripts > 0 && { scriptsWritten: scripts }),
    ...(workbook?.lessonId && { workbookLessonId: workbook.lessonId }),
    ...(translation?.courseId && { translation: { courseId: translation.courseId, jobId: translation.jobId } }),
  };
}

function kind(name: GenerationScope, deps: StepDeps): JobKind {
  return defineJobKind<TGenerationJobInput>({
    name,
    input: ZGenerationJobInput,
    plan,
    note,
    result,
    async runStep(ctx) {
      const { key, input } = ctx.step;
      if (key === 'outline') return outlineStep(deps, name, ctx);
      if (key.startsWith('lesson:')) return lessonStep(deps, ctx, ZLessonStep.parse(input));
      if (key.startsWith('quiz:')) return quizStep(deps, ctx, ZQuizStep.parse(input));
      if (key.startsWith('script:')) return scriptStep(deps, ctx, z.object({ moduleId: z.string() }).parse(input));
      if (key === 'workbook') return workbookStep(deps, ctx);
      if (key === 'translate') return translateStep(deps, ctx);
      throw new Error(`unknown step ${key}`);
    },
  });
}

export function generationJobKinds(deps: StepDeps): JobKind[] {
  return [kind('whole-course', deps), kind('module', deps), kind('all-quizzes', deps)];
}
