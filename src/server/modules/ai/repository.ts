import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AiUsageTable } from '../../db/schema.ts';

/** AI usage rows (issue 7): the only SQL of the metering. */

export type UsageRow = Insertable<AiUsageTable>;

export async function insertUsage(db: Db, row: UsageRow): Promise<void> {
  await db.insertInto('ai_usage').values(row).execute();
}

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** A company's runs and tokens since `from` (ISO, inclusive). Sums come back as text on PostgreSQL. */
export async function usageSince(db: Db, organisationId: string, from: string): Promise<UsageTotals> {
  const row = await db
    .selectFrom('ai_usage')
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>=', from)
    .select((s) => [
      s.fn.countAll<number | string>().as('calls'),
      s.fn.sum<number | string | null>('input_tokens').as('input'),
      s.fn.sum<number | string | null>('output_tokens').as('output'),
    ])
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), inputTokens: Number(row.input ?? 0), outputTokens: Number(row.output ?? 0) };
}
