import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { jobView, stepView, type JobRow, type StepRow } from './views.ts';

/** A connection or a transaction: the stores write a state and its event together. */
export type Tx = Kysely<Database> | Transaction<Database>;

export interface JobEventRow {
  seq: number;
  type: 'job' | 'step';
  data: string;
}

/**
 * Appends the job's next event: seq = its last + 1. Every caller first updated the job's row in
 * the same transaction, so on PostgreSQL it holds that row's lock and the next writer's max(seq)
 * sees this event committed (READ COMMITTED takes a new snapshot per statement); SQLite writes one
 * transaction at a time. So seqs are gap-free and in commit order, and a reader that asks for
 * "after n" never skips one that commits later with a smaller seq.
 */
async function appendEvent(trx: Tx, jobId: string, type: JobEventRow['type'], data: unknown, now: string): Promise<void> {
  await sql`insert into ai_job_events (job_id, seq, type, data, created_at)
    select ${jobId}, coalesce(max(seq), 0) + 1, ${type}, ${JSON.stringify(data)}, ${now} from ai_job_events where job_id = ${jobId}`.execute(
    trx,
  );
}

/** A `job` event: the job as it now stands (its error as stored; translated when sent). */
export function jobEvent(trx: Tx, row: JobRow, now: string): Promise<void> {
  return appendEvent(trx, row.id, 'job', jobView(row, 'stored'), now);
}

/** `step` events: each step as it now stands, in order, in one statement when they are of one job. */
export async function stepEvents(trx: Tx, rows: readonly StepRow[], now: string): Promise<void> {
  if (rows.length === 0) return;
  const jobId = rows[0]!.job_id;
  if (rows.length === 1 || rows.some((r) => r.job_id !== jobId)) {
    for (const row of rows) await appendEvent(trx, row.job_id, 'step', stepView(row, 'stored'), now);
    return;
  }
  const last = await trx
    .selectFrom('ai_job_events')
    .select((eb) => eb.fn.max('seq').as('n'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  const first = Number(last?.n ?? 0) + 1;
  await trx
    .insertInto('ai_job_events')
    .values(
      rows.map((row, i) => ({
        job_id: jobId,
        seq: first + i,
        type: 'step',
        data: JSON.stringify(stepView(row, 'stored')),
        created_at: now,
      })),
    )
    .execute();
}

/** The job's events after `seq`, oldest first. */
export async function eventsAfter(db: Db, jobId: string, seq: number, limit = 500): Promise<JobEventRow[]> {
  const rows = await db
    .selectFrom('ai_job_events')
    .select(['seq', 'type', 'data'])
    .where('job_id', '=', jobId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: Number(r.seq), type: r.type as JobEventRow['type'], data: r.data }));
}
