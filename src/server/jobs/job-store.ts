import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { jobEvent, stepEvents, type Tx } from './event-store.ts';
import { readySteps } from './plan.ts';
import { stepState, storeError, type JobRow, type StepRow, type StoredError } from './views.ts';

/** The only SQL for jobs themselves (with step-store.ts and event-store.ts). */

/** The job, while `owner` holds it: every write of its worker is conditional on this. */
export function heldBy(eb: ExpressionBuilder<Database, 'ai_jobs'>, jobId: string, owner: string) {
  return eb.and([eb('id', '=', jobId), eb('lock_owner', '=', owner), eb('status', '=', 'running')]);
}

/** The job's running steps, pending again: their worker is gone, or giving the job back. */
function requeueRunningSteps(trx: Tx, jobId: string, now: string): Promise<StepRow[]> {
  return trx
    .updateTable('ai_job_steps')
    .set({ status: 'pending', lock_owner: null, progress: 0, updated_at: now })
    .where('job_id', '=', jobId)
    .where('status', '=', 'running')
    .returningAll()
    .execute();
}

/** The job's unfinished steps, cancelled with it. */
export function cancelOpenSteps(trx: Tx, jobId: string, now: string): Promise<StepRow[]> {
  return trx
    .updateTable('ai_job_steps')
    .set({ status: 'cancelled', updated_at: now })
    .where('job_id', '=', jobId)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .execute();
}

/** Adds a job with its first event; inside the caller's transaction when given one. */
export async function insertJob(db: Tx, row: JobRow): Promise<void> {
  const insert = async (trx: Tx) => {
    await trx.insertInto('ai_jobs').values(row).execute();
    await jobEvent(trx, row, row.created_at);
  };
  if (db.isTransaction) await insert(db);
  else await db.transaction().execute(insert);
}

export function findJob(db: Tx, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSteps(db: Tx, jobId: string): Promise<StepRow[]> {
  return db.selectFrom('ai_job_steps').selectAll().where('job_id', '=', jobId).orderBy('position').execute();
}

/**
 * Jobs a worker may take, oldest first: queued, or running under a lease that ran out (its worker
 * is gone). Only kinds this instance knows: during a rolling update an older instance leaves a new
 * kind's jobs to the newer ones.
 */
export async function claimableJobs(db: Db, kinds: string[], now: string, maxExpiries: number, limit: number): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('ai_jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now), eb('lease_expiries', '<', maxExpiries - 1)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the job under a lease, if it is still free: one conditional UPDATE, so of several workers
 * (processes, instances) exactly one gets it, on SQLite and PostgreSQL alike. Taking over an
 * expired lease counts as one more lost worker, and the steps that worker left running are
 * pending again (its late writes are conditional on owning them, so they change nothing).
 */
export async function claimJob(
  db: Db,
  id: string,
  owner: string,
  now: string,
  leaseUntil: string,
  maxExpiries: number,
): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .updateTable('ai_jobs')
      .set((eb) => ({
        status: 'running',
        lock_owner: owner,
        lease_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
        lease_expiries: sql<number>`lease_expiries + case when status = 'running' then 1 else 0 end`,
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now), eb('lease_expiries', '<', maxExpiries - 1)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!job) return undefined;
    const orphans = await requeueRunningSteps(trx, id, now);
    await jobEvent(trx, job, now);
    await stepEvents(trx, orphans, now);
    return job;
  });
}

/** Renews the lease while the job runs; undefined when this worker no longer holds it. */
export async function renewLease(db: Db, id: string, owner: string, leaseUntil: string): Promise<{ cancelRequested: boolean } | undefined> {
  const row = await db
    .updateTable('ai_jobs')
    .set({ lease_until: leaseUntil })
    .where((eb) => heldBy(eb, id, owner))
    .returning('cancel_requested')
    .executeTakeFirst();
  return row && { cancelRequested: Number(row.cancel_requested) === 1 };
}

/** Gives the job back (the app stops): its running steps are pending again, and any worker may take it at once. */
export async function releaseJob(db: Db, id: string, owner: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await trx
      .updateTable('ai_jobs')
      .set({ status: 'queued', lock_owner: null, lease_until: null, updated_at: now })
      .where((eb) => heldBy(eb, id, owner))
      .returningAll()
      .executeTakeFirst();
    if (!job) return;
    await stepEvents(trx, await requeueRunningSteps(trx, id, now), now);
    await jobEvent(trx, job, now);
  });
}

export interface Finish {
  status: 'succeeded' | 'failed' | 'cancelled';
  error?: StoredError;
  result?: unknown;
  progress: number;
  phase: string | null;
}

/**
 * Ends the job this worker holds. 'continue' when a failure is no longer one: a step was retried
 * meanwhile (the retry locks the job's row first, as this does, so one of the two sees the other).
 */
export async function finishJob(db: Db, id: string, owner: string, finish: Finish, now: string): Promise<'finished' | 'lost' | 'continue'> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('ai_jobs')
      .set({ updated_at: now })
      .where((eb) => heldBy(eb, id, owner))
      .returning('id')
      .executeTakeFirst();
    if (!held) return 'lost';
    if (finish.status === 'failed') {
      const steps = await listSteps(trx, id);
      if (steps.some((s) => s.status === 'running') || readySteps(steps.map(stepState)).length > 0) return 'continue';
    }
    if (finish.status === 'cancelled') {
      await stepEvents(trx, await cancelOpenSteps(trx, id, now), now);
    }
    const job = await trx
      .updateTable('ai_jobs')
      .set({
        status: finish.status,
        error: finish.error ? storeError(finish.error) : null,
        result: finish.result === undefined ? null : JSON.stringify(finish.result),
        progress: finish.progress,
        phase: finish.phase,
        lock_owner: null,
        lease_until: null,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await jobEvent(trx, job, now);
    return 'finished';
  });
}
