import { ZCvrCompany, type TCvrCompany } from '../../../../shared/schemas/cvr.ts';
import type { Db } from '../../../db/database.ts';
import type { CvrLookup } from '../../../cvr/registry.ts';

/** The only SQL for the CVR answer cache. */

export async function findCachedLookup(db: Db, cvr: string, notBefore: Date): Promise<CvrLookup | undefined> {
  const row = await db
    .selectFrom('cvr_cache')
    .select(['found', 'payload'])
    .where('cvr', '=', cvr)
    .where('fetched_at', '>', notBefore.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.found !== 1) return { found: false };
  const parsed = ZCvrCompany.safeParse(JSON.parse(row.payload ?? 'null'));
  return parsed.success ? { found: true, company: parsed.data } : undefined;
}

export async function storeLookup(db: Db, cvr: string, lookup: CvrLookup, at: Date): Promise<void> {
  const values = {
    found: lookup.found ? 1 : 0,
    payload: lookup.found ? JSON.stringify(lookup.company satisfies TCvrCompany) : null,
    fetched_at: at.toISOString(),
  };
  await db
    .insertInto('cvr_cache')
    .values({ cvr, ...values })
    .onConflict((oc) => oc.column('cvr').doUpdateSet(values))
    .execute();
}
