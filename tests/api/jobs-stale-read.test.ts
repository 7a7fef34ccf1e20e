import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db, DbKind } from '../../src/server/db/database.ts';
import { claimJob } from '../../src/server/jobs/job-store.ts';
import { JobRun } from '../../src/server/jobs/job-run.ts';
import { defineJobKind, JobKinds } from '../../src/server/jobs/kinds.ts';
import { JobsService } from '../../src/server/jobs/service.ts';
import { JobSignals } from '../../src/server/jobs/signals.ts';
import { registerCompany } from '../helpers/app.ts';
import { finished, JobsBed, until } from '../helpers/jobs.ts';

// A job's run reads its steps while a step may be ending. When the step's end is written just
// after that read was taken, the read still shows the step running though it no longer runs:
// the run must not take that for the job's end. The database is real; the run's handle on it
// only holds one read of the steps back (after the query, its connection free) until the step
// has ended, so the interleaving happens every time.

/** The database, with the first read of the steps made while armed held back until `release`. */
class HoldStepsRead {
  private armed = false;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};
  private heard: () => void = () => {};
  held: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  arm(): void {
    this.armed = true;
    this.gate = new Promise((resolve) => (this.open = resolve));
    this.held = new Promise((resolve) => (this.heard = resolve));
  }

  release(): void {
    this.open();
  }

  get handle(): Db {
    return new Proxy(this.db, {
      get: (target, prop) => {
        if (prop === 'selectFrom')
          return (table: string) => (table === 'ai_job_steps' ? this.wrap(target.selectFrom(table)) : target.selectFrom(table as never));
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  private wrap<T extends object>(builder: T): T {
    return new Proxy(builder, {
      get: (target, prop) => {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'execute') {
          return async (...args: unknown[]) => {
            const rows: unknown = await value.apply(target, args);
            if (this.armed) {
              this.armed = false;
              this.heard();
              await this.gate;
            }
            return rows;
          };
        }
        return (...args: unknown[]) => {
          const next: unknown = value.apply(target, args);
          return next && typeof next === 'object' && 'execute' in next ? this.wrap(next) : next;
        };
      },
    });
  }
}

const bed = new JobsBed();
beforeAll(() => bed.open());
afterAll(() => bed.close());

it("ends a job as succeeded when its last step's end is written while the run reads its steps", async () => {
  const app = await bed.app();
  const owner = await registerCompany(app);
  let started!: () => void;
  const stepStarted = new Promise<void>((resolve) => (started = resolve));
  let end!: () => void;
  const stepMayEnd = new Promise<void>((resolve) => (end = resolve));
  const kind = defineJobKind<{ n: number }>({
    name: 'stale-read-test',
    input: z.object({ n: z.number() }),
    plan: () => [{ key: 'only', phase: 'only', input: {} }],
    runStep: async () => {
      started();
      await stepMayEnd;
      return { ok: true };
    },
    result: () => ({ ended: true }),
  });
  const job = await new JobsService(bed.db, new JobKinds([kind])).create({
    kind: kind.name,
    organisationId: owner.user.organisationId,
    userId: owner.user.id,
    input: { n: 1 },
  });
  const workerId = 'stale-read-test-worker';
  const at = Date.now();
  const claimed = await claimJob(bed.db, job.id, workerId, new Date(at).toISOString(), new Date(at + 60_000).toISOString(), 3);
  expect(claimed).toBeDefined();

  const hold = new HoldStepsRead(bed.db);
  const log = app.log;
  const signals = new JobSignals(undefined, log);
  const settings = {
    db: hold.handle,
    dbKind: (bed.database.url.startsWith('postgres') ? 'postgres' : 'sqlite') as DbKind,
    owner: workerId,
    jobConcurrency: 3,
    leaseMs: 60_000,
    pollMs: 20,
    log,
    signals,
  };
  const run = new JobRun(settings, kind, claimed!).run();

  await stepStarted;
  // The next read of the steps (the run polls every 20 ms) sees the step running; it is held
  // until the step has ended and its end is written.
  hold.arm();
  await hold.held;
  const written = new Promise<void>((resolve) => signals.subscribe(job.id, resolve));
  end();
  await written;
  await until(
    async () =>
      (await bed.db.selectFrom('ai_job_steps').select('status').where('job_id', '=', job.id).executeTakeFirst())?.status === 'done',
    'the step written done',
  );
  hold.release();

  const done = await finished(bed.db, job.id);
  expect(done.error).toBeNull();
  expect(done.status).toBe('succeeded');
  expect(JSON.parse(done.result!)).toEqual({ ended: true });
  await run;
});
