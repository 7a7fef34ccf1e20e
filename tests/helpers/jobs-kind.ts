import { z } from 'zod';
import { defineJobKind, type StepPlan } from '../../src/server/jobs/kinds.ts';

/**
 * A test-only job kind shaped like a course: an outline, then the lessons of each module (known
 * once the outline is done), then one quiz per module that needs that module's lessons. Every step
 * is one call to the fake provider (jobs-provider.ts).
 */
export const ZTestCourseInput = z.object({
  providerUrl: z.url(),
  modules: z.number().int().min(1),
  lessonsPerModule: z.number().int().min(1),
});
export type TestCourseInput = z.infer<typeof ZTestCourseInput>;

export const lessonKeys = (m: number, lessons: number) => Array.from({ length: lessons }, (_, i) => `lesson:m${m}l${i + 1}`);

export const testCourseKind = defineJobKind<TestCourseInput>({
  name: 'test-course',
  input: ZTestCourseInput,
  plan(input, steps) {
    const plans: StepPlan[] = [
      { key: 'outline', phase: 'outline', input: { modules: input.modules, lessonsPerModule: input.lessonsPerModule } },
    ];
    const outline = steps.get('outline');
    if (outline?.status !== 'done') return plans;
    // The lessons come from the outline's output, as the real creator's will.
    const { echo } = outline.output as { echo: { modules: number; lessonsPerModule: number } };
    for (let m = 1; m <= echo.modules; m++) {
      for (const key of lessonKeys(m, echo.lessonsPerModule))
        plans.push({ key, phase: 'lessons', input: { module: m, lesson: key }, dependsOn: ['outline'] });
    }
    for (let m = 1; m <= echo.modules; m++)
      plans.push({ key: `quiz:m${m}`, phase: 'quizzes', input: { module: m }, dependsOn: lessonKeys(m, echo.lessonsPerModule) });
    return plans;
  },
  async runStep({ job, step, dependencies, signal, reportTokens, reportProgress }) {
    if (step.key.startsWith('lesson:')) await reportProgress(50);
    const response = await fetch(`${job.input.providerUrl}/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ job: job.id, key: step.key, input: step.input, dependencies: Object.keys(dependencies) }),
      signal,
    });
    if (!response.ok) throw new Error(`the provider answered ${response.status}`);
    const answer = (await response.json()) as { output: unknown; tokens: { input: number; output: number } };
    reportTokens(answer.tokens);
    return answer.output;
  },
  result: (_input, outputs) => ({ steps: outputs.size }),
});
