import type { Db } from '../db/database.ts';
import { jobEvent, stepEvents } from './event-store.ts';
import { cancelOpenSteps } from './job-store.ts';
import { storeError, type JobRow, type StepRow, type StoredError } from './views.ts';

/**
 * The only SQL for what happens to a job from outside its worker: cancel and retry (asked over
 * HTTP, on any instance) and the watchdog. Each locks the job's row first, as the worker's writes do.
 */

/**
 * Cancels a queued job at once; asks a running one to stop (its worker sees the flag at its next
 * heartbeat, aborts the running steps and ends it cancelled). Undefined when it had finished.
 */
export async function requestCancel(db: Db, id: string, now: string): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const queued = await trx
      .updateTable('ai_jobs')
      .set({ status: 'cancelled', cancel_requested: 1, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    if (queued) {
      await stepEvents(trx, await cancelOpenSteps(trx, id, now), now);
      await jobEvent(trx, queued, now);
      return queued;
    }
    const running = await trx
      .updateTable('ai_jobs')
      .set({ cancel_requested: 1, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .returningAll()
      .executeTakeFirst();
    if (running) await jobEvent(trx, running, now);
    return running;
  });
}

/**
 * Makes one failed step pending again, alone: its done neighbours stay done. A failed job is
 * queued again (a new run: the watchdog's clock and lost-worker count start over); a running one
 * picks the step up as it goes.
 */
export async function retryStep(
  db: Db,
  jobId: string,
  key: string,
  now: string,
): Promise<{ job: JobRow; step: StepRow } | 'cancelled' | 'not-failed'> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('ai_jobs')
      .set({ updated_at: now })
      .where('id', '=', jobId)
      .where('status', 'in', ['queued', 'running', 'failed'])
      .where('cancel_requested', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!held) {
      const job = await trx.selectFrom('ai_jobs').select('status').where('id', '=', jobId).executeTakeFirst();
      // A succeeded job has no failed step; a cancelled one (or one being cancelled) stays so.
      return job?.status === 'succeeded' ? 'not-failed' : 'cancelled';
    }
    const step = await trx
      .updateTable('ai_job_steps')
      .set({ status: 'pending', error: null, progress: 0, lock_owner: null, finished_at: null, updated_at: now })
      .where('job_id', '=', jobId)
      .where('key', '=', key)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (!step) return 'not-failed';
    const job =
      held.status === 'failed'
        ? await trx
            .updateTable('ai_jobs')
            .set({
              status: 'queued',
              error: null,
              finished_at: null,
              started_at: null,
              lease_expiries: 0,
              lock_owner: null,
              lease_until: null,
            })
            .where('id', '=', jobId)
            .returningAll()
            .executeTakeFirstOrThrow()
        : held;
    await stepEvents(trx, [step], now);
    await jobEvent(trx, job, now);
    return { job, step };
  });
}

export interface StuckJob {
  id: string;
  reason: StoredError;
}

/**
 * The watchdog's finds: jobs whose lease ran out once more after `maxExpiries - 1` take-overs
 * (something in them takes their worker down, or no worker lives long enough), and jobs that have
 * run longer than allowed.
 */
export async function stuckJobs(db: Db, now: string, maxExpiries: number, startedBefore: string, maxMinutes: number): Promise<StuckJob[]> {
  const rows = await db
    .selectFrom('ai_jobs')
    .select(['id', 'lease_until', 'lease_expiries', 'started_at'])
    .where('status', '=', 'running')
    .where((eb) =>
      eb.or([eb.and([eb('lease_until', '<', now), eb('lease_expiries', '>=', maxExpiries - 1)]), eb('started_at', '<', startedBefore)]),
    )
    .limit(100)
    .execute();
  return rows.map((r): StuckJob => ({
    id: r.id,
    reason:
      r.lease_until !== null && r.lease_until < now && Number(r.lease_expiries) >= maxExpiries - 1
        ? { key: 'jobs.workerLost', params: { count: Number(r.lease_expiries) + 1 } }
        : { key: 'jobs.tooLong', params: { minutes: maxMinutes } },
  }));
}

/** Fails a stuck job with its reason (if it is still running); its running steps fail as interrupted. */
export async function failStuckJob(db: Db, stuck: StuckJob, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .updateTable('ai_jobs')
      .set({ status: 'failed', error: storeError(stuck.reason), lock_owner: null, lease_until: null, finished_at: now, updated_at: now })
      .where('id', '=', stuck.id)
      .where('status', '=', 'running')
      .returningAll()
      .executeTakeFirst();
    if (!job) return false;
    const steps = await trx
      .updateTable('ai_job_steps')
      .set({ status: 'failed', error: storeError({ key: 'jobs.stepInterrupted' }), lock_owner: null, finished_at: now, updated_at: now })
      .where('job_id', '=', stuck.id)
      .where('status', '=', 'running')
      .returningAll()
      .execute();
    await stepEvents(trx, steps, now);
    await jobEvent(trx, job, now);
    return true;
  });
}
