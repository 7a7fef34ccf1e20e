import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { registerGracefulStop } from '../../src/server/http/graceful-stop.ts';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, jobsApp, JobsBed, until } from '../helpers/jobs.ts';
import { openEventStream } from '../helpers/sse.ts';

// Live progress over Server-Sent Events, through the real HTTP server. The stream is
// served by one instance that runs no jobs while another instance's worker runs them: events reach
// the browser through the database, never an in-memory bus. Requests must arrive within one second
// here, and a stream outlives that.
const bed = new JobsBed();
let db: Db;
let web: FastifyInstance;
let base: string;
let admin: Awaited<ReturnType<typeof registerCompany>>;
const STREAM = { runWorker: false, heartbeatMs: 150, streamPollMs: 50 };
const TIMEOUTS = { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' };

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  await bed.open();
  db = bed.db;
  web = await bed.app(TIMEOUTS, STREAM);
  // The worker's lease is long here: these tests are about the stream, and on a busy machine a
  // one-second lease can lapse often enough for the watchdog to fail a job the test still needs.
  await bed.app({ AI_JOB_LEASE_MS: '10000' });
  base = await listening(web);
  admin = await registerCompany(web);
});

afterAll(() => bed.close());

async function slowJob(delayMs: number) {
  const fake = await bed.provider(delayMs);
  return { fake, job: await createCourseJob(db, admin.user, fake) };
}

const events = (id: string, headers: Record<string, string> = {}, query = '') =>
  openEventStream(`${base}/api/jobs/${id}/events${query}`, { cookie: admin.cookie, 'accept-language': 'en', ...headers });

describe("a job's event stream", () => {
  let all: Awaited<ReturnType<typeof events>>['events'];
  let jobId: string;

  it('sends each step as it happens, with heartbeats, past the request time limit, and ends when the job has finished', async () => {
    const { job } = await slowJob(400);
    jobId = job.id;
    const stream = await events(job.id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    await stream.ended;
    all = stream.events;
    const done = await finished(db, job.id);
    expect(done.status).toBe('succeeded');

    expect(stream.retry()).toBe(2000);
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i + 1));
    expect(all[0]).toMatchObject({ event: 'job', data: { id: job.id, status: 'queued', progress: 0 } });
    expect(all.at(-1)).toMatchObject({ event: 'job', data: { status: 'succeeded', progress: 100 } });
    // Every step was seen pending, running and done, in that order; lessons also half-way.
    const steps = all.filter((e) => e.event === 'step');
    for (const key of ['outline', 'lesson:m1l1', 'lesson:m2l3', 'quiz:m1', 'quiz:m2']) {
      const seen = steps.filter((e) => e.data.key === key).map((e) => `${String(e.data.status)}${e.data.progress === 50 ? '50' : ''}`);
      expect(seen, key).toEqual(key.startsWith('lesson') ? ['pending', 'running', 'running50', 'done'] : ['pending', 'running', 'done']);
    }
    // Live: the outline's event arrived long before the job finished, not in one batch at the end.
    const outlineDone = steps.find((e) => e.data.key === 'outline' && e.data.status === 'done')!;
    expect(outlineDone.at).toBeLessThan(Date.parse(done.finished_at!));
    expect(stream.comments.filter((c) => c === 'heartbeat').length).toBeGreaterThan(0);
  });

  it('replays only the events after Last-Event-ID (header or query), then ends', async () => {
    const after = 7;
    const replay = await events(jobId, { 'last-event-id': String(after) });
    await replay.ended;
    expect(replay.events.map(({ id, event, data }) => ({ id, event, data }))).toEqual(
      all.slice(after).map(({ id, event, data }) => ({ id, event, data })),
    );
    const byQuery = await events(jobId, {}, `?lastEventId=${all.length - 1}`);
    await byQuery.ended;
    expect(byQuery.events.map((e) => e.id)).toEqual([all.length]);
    const upToDate = await events(jobId, { 'last-event-id': String(all.length) });
    await upToDate.ended;
    expect(upToDate.events).toEqual([]);

    const bad = await fetch(`${base}/api/jobs/${jobId}/events`, { headers: { cookie: admin.cookie, 'last-event-id': 'later' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('BAD_LAST_EVENT_ID');
  });

  it('says why a step failed in the reader’s language', async () => {
    const { fake, job } = await slowJob(20);
    fake.behave('quiz:m2', { fail: true });
    await finished(db, job.id);
    const stream = await events(job.id, { 'accept-language': 'da' });
    await stream.ended;
    const failed = stream.events.find((e) => e.data.key === 'quiz:m2' && e.data.status === 'failed');
    expect(failed?.data.error).toBe('Trinnet fejlede: the provider answered 500');
    expect(stream.events.at(-1)?.data).toMatchObject({ status: 'failed', error: '1 trin fejlede; de kan prøves igen hver for sig.' });
  });
});

describe('an open event stream', () => {
  it('ends cleanly when its instance stops gracefully, without holding the stop to its deadline', async () => {
    const { fake, job } = await slowJob(20);
    fake.behave(/^lesson:/, { hang: true });
    const instance = await jobsApp(bed.database, TIMEOUTS, STREAM);
    const stop = registerGracefulStop(instance, { timeoutMs: 20_000 });
    const url = await listening(instance);
    const stream = await openEventStream(`${url}/api/jobs/${job.id}/events`, { cookie: admin.cookie });
    await until(() => stream.events.some((e) => e.data.key === 'lesson:m1l1' && e.data.status === 'running'), 'a lesson running');
    const stopping = stop('test');
    // The server ends the response (a cut connection would reject here), and the stop completes.
    await stream.ended;
    await stopping;
    expect(instance.server.listening).toBe(false);
    // The job goes on elsewhere; the browser reconnects with its last id.
    await new Promise((r) => setTimeout(r, 100));
    const resumed = await events(job.id, { 'last-event-id': String(stream.events.at(-1)!.id) });
    await until(() => resumed.events.length > 0 || resumed.comments.length > 0, 'the resumed stream');
    expect(resumed.events.every((e) => e.id > stream.events.at(-1)!.id)).toBe(true);
    await web.inject({ method: 'POST', url: `/api/jobs/${job.id}/cancel`, headers: { cookie: admin.cookie } });
    await resumed.ended;
    expect(resumed.events.at(-1)?.data.status).toBe('cancelled');
  });
});
