import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, JobsBed } from '../helpers/jobs.ts';
import { openEventStream, type ReceivedEvent } from '../helpers/sse.ts';

// Events are pushed to a job's stream as they are written, in this process or from another
// instance (PostgreSQL LISTEN/NOTIFY, Redis pub/sub); the table is still read only for what they
// announce. Every stream here has a safety-net poll of ten minutes: if an event arrives, a push
// brought it, for the test would otherwise time out.
const NO_POLL = { streamPollMs: 600_000, heartbeatMs: 60_000 };
const TIMEOUTS = { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000' };

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const plain = (events: ReceivedEvent[]) => events.map(({ id, event, data }) => ({ id, event, data }));

/** Every step seen pending, running and done, in that order, and the stream's ids 1…n without a gap. */
function expectWholeJob(events: ReceivedEvent[]) {
  expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
  expect(events[0]).toMatchObject({ event: 'job', data: { status: 'queued' } });
  expect(events.at(-1)).toMatchObject({ event: 'job', data: { status: 'succeeded', progress: 100 } });
  for (const key of ['outline', 'lesson:m1l1', 'lesson:m2l2', 'quiz:m1', 'quiz:m2']) {
    const seen = events.filter((e) => e.event === 'step' && e.data.key === key && e.data.progress !== 50).map((e) => e.data.status);
    expect(seen, key).toEqual(['pending', 'running', 'done']);
  }
}

/** A server that answers on this address, or undefined (the test that needs it is skipped). */
async function reachable(url: string | undefined, fallback: string, probe: (url: string) => Promise<void>): Promise<string | undefined> {
  const chosen = url ?? fallback;
  try {
    await probe(chosen);
    return chosen;
  } catch {
    return undefined;
  }
}

const postgresUrl = await reachable(process.env.TEST_DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres', async (url) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  await client.connect();
  await client.end();
});
const redisUrl = await reachable(process.env.TEST_REDIS_URL, 'redis://127.0.0.1:6379', async (url) => {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => {
      socket.end();
      resolve();
    });
    socket.on('error', reject);
    socket.on('timeout', () => reject(new Error('timeout')));
  });
});

describe('in one process, a job stream', () => {
  const bed = new JobsBed();
  let db: Db;
  let base: string;
  let admin: Awaited<ReturnType<typeof registerCompany>>;

  beforeAll(async () => {
    await bed.open();
    db = bed.db;
    const app = await bed.app(TIMEOUTS, NO_POLL);
    base = await listening(app);
    admin = await registerCompany(app);
  });
  afterAll(() => bed.close());

  const events = (id: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    openEventStream(`${base}/api/jobs/${id}/events`, { cookie: admin.cookie, 'accept-language': 'en', ...headers }, signal);

  it('gets every event as the worker writes it, without waiting for a poll, in order and once', async () => {
    const fake = await bed.provider(150);
    const job = await createCourseJob(db, admin.user, fake);
    const stream = await events(job.id);
    await stream.ended;
    expectWholeJob(stream.events);
    expect((await finished(db, job.id)).status).toBe('succeeded');
  });

  it('resumed with Last-Event-ID while the job runs, misses and repeats nothing', async () => {
    const fake = await bed.provider(150);
    const job = await createCourseJob(db, admin.user, fake);
    const leaving = new AbortController();
    const first = await events(job.id, {}, leaving.signal);
    const outlineDone = () => first.events.some((e) => e.data.key === 'outline' && e.data.status === 'done');
    while (!outlineDone()) await new Promise((r) => setTimeout(r, 10));
    leaving.abort();
    await first.ended.catch(() => undefined);
    const seen = [...first.events];
    const resumed = await events(job.id, { 'last-event-id': String(seen.at(-1)!.id) });
    await resumed.ended;
    expect(resumed.events.length).toBeGreaterThan(0);
    expectWholeJob([...seen, ...resumed.events]);
    // The replay is the table's own record, event for event.
    const replay = await events(job.id);
    await replay.ended;
    expect(plain([...seen, ...resumed.events])).toEqual(plain(replay.events));
  });

  it("sends a failure's message key and parameters with its text, for the page to say in its own language", async () => {
    const fake = await bed.provider(20);
    fake.behave('quiz:m2', { fail: true });
    const job = await createCourseJob(db, admin.user, fake);
    const stream = await events(job.id, { 'accept-language': 'da' });
    await stream.ended;
    const failed = stream.events.find((e) => e.data.key === 'quiz:m2' && e.data.status === 'failed');
    expect(failed?.data).toMatchObject({
      error: 'Trinnet fejlede: the provider answered 500',
      errorReason: { key: 'jobs.stepError', params: { message: 'the provider answered 500' } },
    });
    expect(stream.events.at(-1)?.data).toMatchObject({
      status: 'failed',
      errorReason: { key: 'jobs.stepsFailed', params: { count: 1 } },
    });
    // GET says the same, so a page that reads the job first shows it alike.
    const read = await fetch(`${base}/api/jobs/${job.id}`, { headers: { cookie: admin.cookie } });
    const body = (await read.json()) as { errorReason: unknown; steps: { key: string; errorReason: unknown }[] };
    expect(body.errorReason).toEqual({ key: 'jobs.stepsFailed', params: { count: 1 } });
    expect(body.steps.find((s) => s.key === 'quiz:m2')?.errorReason).toEqual(failed?.data.errorReason);
  });
});

/**
 * Two instances on one database: one runs the job, the other serves its stream and runs no jobs,
 * so every event it sends came to it from the other instance's signal.
 */
async function acrossInstances(bed: JobsBed, env: Record<string, string>) {
  const web = await bed.app({ ...TIMEOUTS, ...env }, { runWorker: false, ...NO_POLL });
  // The worker's lease as in production: the tests' one-second lease is for takeovers, and a
  // machine busy enough to stall the worker's renewals past it a few times made this job fail as
  // "worker lost", which is not what this test is about.
  await bed.app({ ...env, AI_JOB_LEASE_MS: '' });
  const base = await listening(web);
  const admin = await registerCompany(web);
  const fake = await bed.provider(150);
  const job = await createCourseJob(bed.db, admin.user, fake);
  const stream = await openEventStream(`${base}/api/jobs/${job.id}/events`, { cookie: admin.cookie });
  await stream.ended;
  expectWholeJob(stream.events);
}

describe.skipIf(!postgresUrl)('across instances on PostgreSQL (LISTEN/NOTIFY)', () => {
  const bed = new JobsBed();
  beforeAll(() => bed.open(postgresUrl));
  afterAll(() => bed.close());

  it("brings the running instance's events to the other instance's stream", () => acrossInstances(bed, {}));
});

describe.skipIf(!redisUrl)('across instances with REDIS_URL (pub/sub)', () => {
  const bed = new JobsBed();
  beforeAll(() => bed.open());
  afterAll(() => bed.close());

  it("brings the running instance's events to the other instance's stream", () => acrossInstances(bed, { REDIS_URL: redisUrl! }));
});
