import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, jobRow, jobsApp, JOBS_ENV, JobsBed, stepRows, until } from '../helpers/jobs.ts';
import { freePort, waitForHealth } from '../helpers/server-process.ts';

// A job outlives the process that runs it. A server killed mid-course (SIGKILL: no
// handler runs, the lease is not given back) is replaced by another on the same database, which
// takes the job over once the lease runs out and finishes it without repeating finished steps.
const bed = new JobsBed();
let db: Db;
let owner: { id: string; organisationId: string };
const children: ChildProcess[] = [];

beforeAll(async () => {
  await bed.open();
  db = bed.db;
  const setup = await jobsApp(bed.database, {}, { runWorker: false });
  owner = (await registerCompany(setup)).user;
  await setup.close();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await bed.close();
});

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/jobs-server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: bed.database.url,
      DATA_DIR: bed.database.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...JOBS_ENV,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitForHealth(port);
  return { child, exited };
}

const doneKeys = async (id: string) => (await stepRows(db, id)).filter((s) => s.status === 'done').map((s) => s.key);

describe('a job whose server dies', () => {
  it('is resumed by the next server without repeating its finished steps', async () => {
    const fake = await bed.provider(150);
    const first = await startServer();
    const job = await createCourseJob(db, owner, fake, { modules: 2, lessonsPerModule: 6 });
    await until(async () => (await doneKeys(job.id)).filter((k) => k.startsWith('lesson:')).length >= 4, 'four lessons done');
    first.child.kill('SIGKILL');
    await first.exited;

    const before = await jobRow(db, job.id);
    expect(before.status).toBe('running');
    expect(before.lock_owner).not.toBeNull();
    const doneBefore = await doneKeys(job.id);
    expect(doneBefore.length).toBeLessThan(15);

    const second = await startServer();
    const done = await finished(db, job.id);
    second.child.kill('SIGTERM');
    await second.exited;
    expect(done.status).toBe('succeeded');
    // Taken over once, after its lease ran out.
    expect(done.attempts).toBe(2);
    expect(done.lease_expiries).toBe(1);
    const steps = await stepRows(db, job.id);
    expect(steps).toHaveLength(15);
    expect(steps.every((s) => s.status === 'done')).toBe(true);
    // What was done before the kill ran once; what was in flight at the kill ran again (at most twice).
    for (const key of doneBefore) expect(fake.count(key, job.id), key).toBe(1);
    for (const step of steps) expect(fake.count(step.key, job.id), step.key).toBeLessThanOrEqual(2);
    const repeated = steps.filter((s) => fake.count(s.key, job.id) === 2).map((s) => s.key);
    expect(repeated.every((key) => !doneBefore.includes(key))).toBe(true);
    expect(fake.calls.length).toBe(15 + repeated.length);
  });
});

describe('a job whose app closes', () => {
  it('is handed back at once and resumed by the next start, finished steps not repeated', async () => {
    const fake = await bed.provider(100);
    fake.behave(/^lesson:m2/, { hang: true });
    const app = await jobsApp(bed.database);
    const job = await createCourseJob(db, owner, fake);
    await until(async () => (await doneKeys(job.id)).length === 4 && fake.running === 3, 'module 1 done and module 2 hanging');
    // Closing aborts the running steps and gives the job back, rather than waiting for them.
    await app.close();
    const handedBack = await jobRow(db, job.id);
    expect(handedBack).toMatchObject({ status: 'queued', lock_owner: null, lease_until: null });
    const steps = await stepRows(db, job.id);
    expect(steps.filter((s) => s.status === 'pending').map((s) => s.key)).toEqual([
      'lesson:m2l1',
      'lesson:m2l2',
      'lesson:m2l3',
      'quiz:m1',
      'quiz:m2',
    ]);
    await until(() => fake.running === 0, 'the aborted calls to end');

    fake.behave(/^lesson:m2/, {});
    const next = await jobsApp(bed.database);
    const done = await finished(db, job.id);
    await next.close();
    expect(done.status).toBe('succeeded');
    // Claimed twice, but never taken over from a lost worker.
    expect(done).toMatchObject({ attempts: 2, lease_expiries: 0 });
    for (const key of ['outline', 'lesson:m1l1', 'lesson:m1l2', 'lesson:m1l3', 'quiz:m1', 'quiz:m2'])
      expect(fake.count(key, job.id), key).toBe(1);
    for (const key of ['lesson:m2l1', 'lesson:m2l2', 'lesson:m2l3']) expect(fake.count(key, job.id), key).toBe(2);
  });
});
