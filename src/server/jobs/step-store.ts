import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, DbKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { jobEvent, stepEvents } from './event-store.ts';
import { heldBy } from './job-store.ts';
import type { StepStatus } from './kinds.ts';
import { storeError, type StepRow, type StoredError } from './views.ts';

/** The only SQL for a job's steps: adding them as the plan grows, claiming, finishing. */

/** The step, while `owner` runs it: its outcome and progress are written only then. */
function runBy(eb: ExpressionBuilder<Database, 'ai_job_steps'>, jobId: string, key: string, owner: string) {
  return eb.and([eb('job_id', '=', jobId), eb('key', '=', key), eb('lock_owner', '=', owner), eb('status', '=', 'running')]);
}

export interface NewStep {
  key: string;
  phase: string;
  label?: string | null;
  dependsOn: string[];
  input: unknown;
  inputHash: string;
}

/** Adds the steps whose keys the job does not have yet (a key that exists is left as it is). */
export async function addSteps(db: Db, jobId: string, steps: readonly NewStep[], now: string): Promise<void> {
  if (steps.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('ai_jobs').set({ updated_at: now }).where('id', '=', jobId).execute();
    const last = await trx
      .selectFrom('ai_job_steps')
      .select((eb) => eb.fn.max('position').as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    const position = Number(last?.n ?? 0);
    // One statement for the lot (a course's lessons appear together once its outline is done).
    const added: StepRow[] = await trx
      .insertInto('ai_job_steps')
      .values(
        steps.map((step, i) => ({
          job_id: jobId,
          key: step.key,
          phase: step.phase,
          label: step.label ?? null,
          position: position + i + 1,
          depends_on: JSON.stringify(step.dependsOn),
          input: JSON.stringify(step.input ?? null),
          input_hash: step.inputHash,
          status: 'pending',
          attempts: 0,
          progress: 0,
          input_tokens: 0,
          output_tokens: 0,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['job_id', 'key']).doNothing())
      .returningAll()
      .execute();
    added.sort((x, y) => Number(x.position) - Number(y.position));
    await stepEvents(trx, added, now);
  });
}

export interface StepClaim {
  jobId: string;
  /** The steps to start, in the order they should start; as many as the company's cap allows are. */
  keys: readonly string[];
  owner: string;
  organisationId: string;
  /**
   * The company's limit: a fixed `cap`, or a fair share of a `pool` — the pool divided among the
   * companies that have steps running (this one counted), never less than MIN_SHARE.
   */
  share: { cap: number } | { pool: number };
  now: string;
}

/**
 * The least a company may run under a fair share, however small the pool: a company that has just
 * arrived starts even while others fill the pool, and the provider's own queue (fair between
 * companies, in the AI layer) decides who goes first.
 */
export const MIN_SHARE = 2;

/** What a claim did: the steps it started ('ok'), or why it started none. */
export type ClaimResult = { outcome: 'ok'; steps: StepRow[] } | { outcome: 'busy' | 'lost' };

/**
 * Starts steps, if this worker still holds the job's lease and the company has free slots: one
 * transaction that first locks the job's row (as every writer of the job does) and then moves the
 * steps pending → running conditionally, so no step ever runs twice at once. Several steps that are
 * ready together start in one transaction (one lock, one count, one update, one batch of events).
 * On PostgreSQL an advisory lock per company serialises the count and the claim (two instances
 * would otherwise both see the last free slot); SQLite writes one at a time.
 * 'busy': the company's cap is reached; 'lost': the lease is gone (or a cancel is pending). A step
 * no longer pending (another worker took the job over meanwhile) is left out of `steps`.
 */
export async function claimSteps(db: Db, kind: DbKind, claim: StepClaim): Promise<ClaimResult> {
  const { jobId, owner, now } = claim;
  if (claim.keys.length === 0) return { outcome: 'ok', steps: [] };
  return db.transaction().execute(async (trx): Promise<ClaimResult> => {
    if (kind === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended(${`kursa-ai-company:${claim.organisationId}`}, 0))`.execute(trx);
    const held = await trx
      .updateTable('ai_jobs')
      .set({ updated_at: now })
      .where((eb) => heldBy(eb, jobId, owner))
      .where('lease_until', '>', now)
      .where('cancel_requested', '=', 0)
      .returning('id')
      .executeTakeFirst();
    if (!held) return { outcome: 'lost' };
    // Steps of jobs whose worker vanished (lease run out) do not hold the companies' slots.
    const running = await trx
      .selectFrom('ai_job_steps as s')
      .innerJoin('ai_jobs as j', 'j.id', 's.job_id')
      .select((eb) => ['j.organisation_id', eb.fn.countAll<number | string>().as('n')])
      .where('j.status', '=', 'running')
      .where('j.lease_until', '>', now)
      .where('s.status', '=', 'running')
      .$if('cap' in claim.share, (qb) => qb.where('j.organisation_id', '=', claim.organisationId))
      .groupBy('j.organisation_id')
      .execute();
    const own = Number(running.find((r) => r.organisation_id === claim.organisationId)?.n ?? 0);
    const others = running.filter((r) => r.organisation_id !== claim.organisationId).length;
    const limit = 'cap' in claim.share ? claim.share.cap : Math.max(MIN_SHARE, Math.ceil(claim.share.pool / (others + 1)));
    const free = limit - own;
    if (free <= 0) return { outcome: 'busy' };
    const keys = claim.keys.slice(0, free);
    const steps = await trx
      .updateTable('ai_job_steps')
      .set((eb) => ({
        status: 'running',
        lock_owner: owner,
        attempts: eb('attempts', '+', 1),
        progress: 0,
        error: null,
        started_at: now,
        finished_at: null,
        updated_at: now,
      }))
      .where('job_id', '=', jobId)
      .where('key', 'in', keys)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    steps.sort((x, y) => keys.indexOf(x.key) - keys.indexOf(y.key));
    await stepEvents(trx, steps, now);
    return { outcome: 'ok', steps };
  });
}

export interface StepOutcome {
  status: Exclude<StepStatus, 'running'>;
  output?: unknown;
  /** A message key: why a done step changed nothing. */
  note?: string | null;
  error?: StoredError;
  tokens: { input: number; output: number };
  /** The job's progress and phase with this outcome counted. */
  job: { progress: number; phase: string | null };
}

/** Records how a step this worker ran ended; false when it no longer owned it (taken over, stopped by the watchdog). */
export async function finishStep(db: Db, jobId: string, key: string, owner: string, outcome: StepOutcome, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('ai_jobs').set({ updated_at: now }).where('id', '=', jobId).execute();
    const ended = outcome.status !== 'pending';
    const step = await trx
      .updateTable('ai_job_steps')
      .set((eb) => ({
        status: outcome.status,
        output: outcome.output === undefined ? null : JSON.stringify(outcome.output),
        error: outcome.error ? storeError(outcome.error) : null,
        note: outcome.note ?? null,
        progress: outcome.status === 'done' ? 100 : outcome.status === 'pending' ? 0 : eb.ref('progress'),
        input_tokens: eb('input_tokens', '+', outcome.tokens.input),
        output_tokens: eb('output_tokens', '+', outcome.tokens.output),
        lock_owner: ended ? owner : null,
        finished_at: ended ? now : null,
        updated_at: now,
      }))
      .where((eb) => runBy(eb, jobId, key, owner))
      .returningAll()
      .executeTakeFirst();
    if (!step) return false;
    const job = await trx
      .updateTable('ai_jobs')
      .set((eb) => ({
        input_tokens: eb('input_tokens', '+', outcome.tokens.input),
        output_tokens: eb('output_tokens', '+', outcome.tokens.output),
        progress: outcome.job.progress,
        phase: outcome.job.phase,
      }))
      .where('id', '=', jobId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await stepEvents(trx, [step], now);
    await jobEvent(trx, job, now);
    return true;
  });
}

/** A running step's partial progress, sent live. */
export async function stepProgress(db: Db, jobId: string, key: string, owner: string, percent: number, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('ai_jobs').set({ updated_at: now }).where('id', '=', jobId).execute();
    const step = await trx
      .updateTable('ai_job_steps')
      .set({ progress: percent, updated_at: now })
      .where((eb) => runBy(eb, jobId, key, owner))
      .returningAll()
      .executeTakeFirst();
    if (step) await stepEvents(trx, [step], now);
  });
}
