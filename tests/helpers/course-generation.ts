import type { TJob } from '../../src/shared/schemas/jobs.ts';
import type { TestApp } from './app.ts';
import { call, type Person } from './courses.ts';
import { until } from './jobs.ts';

/** Helpers for the course-generation tests: start a job over the API and wait for it to end. */

export const GEN_ENV = { AI_JOB_LEASE_MS: '1000', AI_JOB_CONCURRENCY: '3', AI_COMPANY_CONCURRENCY: '6' };

export async function startGeneration(t: TestApp, who: Person, courseId: string, options: Record<string, unknown> = {}): Promise<string> {
  const res = await call(t, who, 'POST', `/api/course-generation/courses/${courseId}/generate`, { options });
  if (res.statusCode !== 202) throw new Error(`generate ${res.statusCode}: ${res.body}`);
  return res.json().jobId as string;
}

export async function jobOf(t: TestApp, who: Person, id: string): Promise<TJob> {
  return (await call(t, who, 'GET', `/api/jobs/${id}`)).json();
}

export async function finishedJob(t: TestApp, who: Person, id: string, timeoutMs = 30_000): Promise<TJob> {
  return until(
    async () => {
      const job = await jobOf(t, who, id);
      return ['succeeded', 'failed', 'cancelled'].includes(job.status) && job;
    },
    `job ${id} to finish`,
    timeoutMs,
  );
}

export const step = (job: TJob, key: string) => job.steps.find((s) => s.key === key);
