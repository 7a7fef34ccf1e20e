import type { Db } from '../../../db/database.ts';

/** The creator's hero figures: the only SQL, over the whole installation. */

export interface RunCounts {
  runs: number;
  ok: number;
  aborted: number;
}

/** AI runs by outcome (ai_usage: ok | bad_output | unavailable | aborted). Counts are text on PostgreSQL. */
export async function runCounts(db: Db): Promise<RunCounts> {
  const rows = await db
    .selectFrom('ai_usage')
    .select((s) => ['outcome', s.fn.countAll<number | string>().as('n')])
    .groupBy('outcome')
    .execute();
  const by = (outcome: string) => Number(rows.find((r) => r.outcome === outcome)?.n ?? 0);
  return { runs: rows.reduce((sum, r) => sum + Number(r.n), 0), ok: by('ok'), aborted: by('aborted') };
}

/** Distinct courses an AI job finished work on. */
export async function aiCourseCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ai_jobs')
    .where('status', '=', 'succeeded')
    .where('course_id', 'is not', null)
    .select((s) => s.fn.count<number | string>('course_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
