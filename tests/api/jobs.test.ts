import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJobKind, JobKinds } from '../../src/server/jobs/kinds.ts';
import { JobsService } from '../../src/server/jobs/service.ts';
import type { Db } from '../../src/server/db/database.ts';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, jobRow, jobsApp, JobsBed, stepRows, until } from '../helpers/jobs.ts';
import { lessonKeys } from '../helpers/jobs-kind.ts';

// Durable jobs on the real database (SQLite, or PostgreSQL under TEST_DATABASE_URL),
// run by the app's own worker; each step calls a fake provider over HTTP that counts its calls.
const bed = new JobsBed();
let app: FastifyInstance;
let db: Db;
let admin: Awaited<ReturnType<typeof registerCompany>>;
const provider = (delayMs?: number) => bed.provider(delayMs);

beforeAll(async () => {
  await bed.open();
  db = bed.db;
  // Three steps of a job at once, four of a company's jobs together.
  app = await bed.app({ AI_COMPANY_CONCURRENCY: '4' });
  admin = await registerCompany(app);
});

afterAll(() => bed.close());

const get = (id: string, cookie = admin.cookie) =>
  app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: { cookie, 'accept-language': 'en' } });
const post = (url: string, cookie = admin.cookie) => app.inject({ method: 'POST', url, headers: { cookie, 'accept-language': 'en' } });

/** A job's failed steps and why, for a failing assertion's message. */
const failedSteps = async (id: string) =>
  (await stepRows(db, id))
    .filter((s) => s.status === 'failed')
    .map((s) => `${s.key}: ${s.error}`)
    .join('; ');

describe('a job', () => {
  it('runs its steps at most three at once, each after the steps it depends on, every step once', async () => {
    const fake = await provider(80);
    fake.gather(3, /^lesson:/);
    const job = await createCourseJob(db, admin.user, fake, { modules: 3, lessonsPerModule: 4 });
    expect(job.status).toBe('queued');
    const done = await finished(db, job.id);
    expect(done.status).toBe('succeeded');
    expect(fake.maxRunning).toBe(3);
    const keys = ['outline', ...[1, 2, 3].flatMap((m) => lessonKeys(m, 4)), 'quiz:m1', 'quiz:m2', 'quiz:m3'];
    for (const key of keys) expect(fake.count(key, job.id), key).toBe(1);
    expect(fake.calls).toHaveLength(keys.length);
    const call = (key: string) => fake.calls.find((c) => c.key === key)!;
    for (const m of [1, 2, 3]) {
      const lessons = lessonKeys(m, 4).map(call);
      for (const lesson of lessons) expect(lesson.started).toBeGreaterThanOrEqual(call('outline').ended!);
      expect(call(`quiz:m${m}`).started).toBeGreaterThanOrEqual(Math.max(...lessons.map((l) => l.ended!)));
    }

    const answer = await get(job.id);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      status: 'succeeded',
      progress: 100,
      phase: 'quizzes',
      error: null,
      inputTokens: 160,
      outputTokens: 320,
      result: { steps: 16 },
    });
    expect(body.steps.map((s: { key: string }) => s.key)).toEqual(keys);
    expect(body.steps.every((s: { status: string; attempts: number }) => s.status === 'done' && s.attempts === 1)).toBe(true);
    expect(body.steps[1]).toMatchObject({ phase: 'lessons', dependsOn: ['outline'], progress: 100 });
    const rows = await stepRows(db, job.id);
    expect(new Set(rows.map((r) => r.input_hash)).size).toBe(rows.length);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.input_hash))).toBe(true);
  });

  it("holds a company's running steps to its cap across its jobs", async () => {
    const fake = await provider(120);
    fake.gather(4, /^lesson:/);
    const jobs = await Promise.all([createCourseJob(db, admin.user, fake), createCourseJob(db, admin.user, fake)]);
    for (const job of jobs) expect((await finished(db, job.id)).status, await failedSteps(job.id)).toBe('succeeded');
    // Two jobs of three would be six at once; the company's cap is four.
    expect(fake.maxRunning).toBe(4);
    expect(fake.calls).toHaveLength(2 * 9);
  });

  it('records a failed step while the others go on, and retries it alone', async () => {
    const fake = await provider();
    fake.behave('lesson:m1l2', { fail: true });
    const job = await createCourseJob(db, admin.user, fake);
    const failed = await finished(db, job.id);
    expect(failed.status).toBe('failed');
    const body = (await get(job.id)).json();
    expect(body.error).toBe('1 steps failed; each can be retried on its own.');
    const step = (key: string) => body.steps.find((s: { key: string }) => s.key === key);
    expect(step('lesson:m1l2')).toMatchObject({ status: 'failed', error: 'The step failed: the provider answered 500' });
    // The other lessons went on, and so did the quiz that does not need the failed lesson.
    for (const key of ['outline', 'lesson:m1l1', 'lesson:m1l3', ...lessonKeys(2, 3), 'quiz:m2']) expect(step(key).status, key).toBe('done');
    expect(step('quiz:m1').status).toBe('pending');
    expect(fake.count('quiz:m1')).toBe(0);

    fake.behave('lesson:m1l2', {});
    const retried = await post(`/api/jobs/${job.id}/steps/lesson:m1l2/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().status).toBe('queued');
    expect(retried.json().steps.find((s: { key: string }) => s.key === 'lesson:m1l2')).toMatchObject({ status: 'pending', error: null });
    const done = await finished(db, job.id);
    expect(done.status).toBe('succeeded');
    expect(done.error).toBeNull();
    expect(fake.count('lesson:m1l2')).toBe(2);
    for (const key of ['outline', 'lesson:m1l1', 'lesson:m1l3', ...lessonKeys(2, 3), 'quiz:m1', 'quiz:m2'])
      expect(fake.count(key), key).toBe(1);
    expect((await stepRows(db, job.id)).find((s) => s.key === 'lesson:m1l2')?.attempts).toBe(2);

    // Only a failed step can be retried; a key the job does not have is not found.
    expect((await post(`/api/jobs/${job.id}/steps/outline/retry`)).json().code).toBe('STEP_NOT_FAILED');
    expect((await post(`/api/jobs/${job.id}/steps/lesson:nope/retry`)).statusCode).toBe(404);
  });

  it('is cancelled: its running steps are aborted, the rest never start', async () => {
    const fake = await provider();
    fake.behave(/^lesson:/, { hang: true });
    const job = await createCourseJob(db, admin.user, fake);
    await until(() => fake.running === 3, 'three lessons running');
    const cancel = await post(`/api/jobs/${job.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'running', cancelRequested: true });
    const done = await finished(db, job.id);
    expect(done.status).toBe('cancelled');
    await until(() => fake.running === 0, 'the aborted calls to end');
    expect(fake.calls.filter((c) => c.outcome === 'aborted')).toHaveLength(3);
    const steps = await stepRows(db, job.id);
    expect(steps.find((s) => s.key === 'outline')?.status).toBe('done');
    expect(steps.filter((s) => s.key !== 'outline').every((s) => s.status === 'cancelled')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.calls).toHaveLength(4);
    expect((await post(`/api/jobs/${job.id}/cancel`)).statusCode).toBe(409);
    expect((await post(`/api/jobs/${job.id}/steps/lesson:m1l1/retry`)).statusCode).toBe(409);
  });

  it('is cancelled at once while still queued', async () => {
    // A kind no worker here knows: its job stays queued.
    const idle = defineJobKind({ name: 'idle', input: z.object({}), plan: () => [], runStep: async () => null });
    const job = await new JobsService(db, new JobKinds([idle])).create({
      kind: 'idle',
      organisationId: admin.user.organisationId,
      userId: admin.user.id,
      input: {},
    });
    const cancel = await post(`/api/jobs/${job.id}/cancel`);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancelRequested: true });
    expect((await jobRow(db, job.id)).finished_at).not.toBeNull();
  });

  it("is another company's business: 404 to others, 401 without a session", async () => {
    const fake = await provider();
    const job = await createCourseJob(db, admin.user, fake, { modules: 1, lessonsPerModule: 1 });
    const other = await registerCompany(app);
    for (const answer of [
      await get(job.id, other.cookie),
      await post(`/api/jobs/${job.id}/cancel`, other.cookie),
      await post(`/api/jobs/${job.id}/steps/outline/retry`, other.cookie),
      await app.inject({ method: 'GET', url: `/api/jobs/${job.id}/events`, headers: { cookie: other.cookie } }),
      await get('no-such-job'),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
    expect((await app.inject({ method: 'GET', url: `/api/jobs/${job.id}` })).statusCode).toBe(401);
    await finished(db, job.id);
  });
});

describe('the watchdog', () => {
  it('fails a job that runs past its time, with the reason, and aborts its step', async () => {
    const fake = await provider();
    fake.behave('outline', { hang: true });
    // Another instance with a short limit: whichever instance runs the job, any one's watchdog stops it.
    const watching = await jobsApp(bed.database, {}, { worker: { maxRunMs: 1500 } });
    const job = await createCourseJob(db, admin.user, fake);
    const done = await finished(db, job.id);
    expect(done.status).toBe('failed');
    const body = (await get(job.id)).json();
    expect(body.error).toBe('The job was stopped: it ran longer than 0.03 minutes.');
    expect(body.steps[0]).toMatchObject({ key: 'outline', status: 'failed', error: 'The step was interrupted when the job was stopped.' });
    await until(() => fake.calls[0]?.outcome === 'aborted', 'the hanging call to be aborted');
    await watching.close();
  });

  it('fails a job whose worker was lost too many times', async () => {
    const fake = await provider();
    const job = await createCourseJob(db, admin.user, fake);
    // As three crashed workers leave it: running, the last lease run out, taken over twice before.
    const past = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('ai_jobs')
      .set({ status: 'running', lock_owner: 'crashed-host:1:x', lease_until: past, attempts: 3, lease_expiries: 2, started_at: past })
      .where('id', '=', job.id)
      .execute();
    const done = await finished(db, job.id);
    expect(done.status).toBe('failed');
    expect((await get(job.id)).json().error).toBe('The job was stopped: the server running it was lost 3 times.');
    expect(fake.calls).toHaveLength(0);
  });
});

describe('two instances on one database', () => {
  it('share the jobs and never run a step twice', async () => {
    // Calls long enough that both workers find queued jobs at their polls, also on a busy machine.
    const fake = await provider(150);
    await bed.app();
    const jobs = [];
    for (let i = 0; i < 6; i++) jobs.push(await createCourseJob(db, admin.user, fake));
    for (const job of jobs) expect((await finished(db, job.id)).status).toBe('succeeded');
    for (const job of jobs) {
      for (const step of await stepRows(db, job.id)) expect(fake.count(step.key, job.id), `${job.id} ${step.key}`).toBe(1);
    }
    expect(fake.calls).toHaveLength(6 * 9);
    const owners = await db
      .selectFrom('ai_job_steps')
      .select('lock_owner')
      .distinct()
      .where(
        'job_id',
        'in',
        jobs.map((j) => j.id),
      )
      .execute();
    expect(owners.length).toBe(2);
  });
});

describe('the API document', () => {
  it('describes the job routes, and no route creates a job', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/jobs'));
    expect(paths.sort()).toEqual(['/api/jobs/{id}', '/api/jobs/{id}/cancel', '/api/jobs/{id}/events', '/api/jobs/{id}/steps/{key}/retry']);
    expect(doc.paths['/api/jobs/{id}'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('steps');
    expect(doc.paths['/api/jobs/{id}/events'].get.responses['200'].content).toHaveProperty('text/event-stream');
    expect(doc.paths['/api/jobs/{id}/events'].get.parameters.map((p: { name: string }) => p.name)).toContain('lastEventId');
    expect(doc.paths['/api/jobs/{id}/steps/{key}/retry'].post.tags).toEqual(['jobs']);
  });
});
