import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.ts';

/** The only SQL of the resource library: its view counter (migration 020). */

/**
 * The salt of `day`'s visitor hashes, made by whichever instance needs it first. Salts of earlier
 * days are deleted then, so yesterday's hashes can no longer be recomputed from anyone's address.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  const existing = await db.selectFrom('resource_view_salts').select('salt').where('day', '=', day).executeTakeFirst();
  if (existing) return existing.salt;
  await db.deleteFrom('resource_view_salts').where('day', '<', day).execute();
  await db
    .insertInto('resource_view_salts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  // Another instance may have won the race: everyone uses the stored one.
  const stored = await db.selectFrom('resource_view_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return stored.salt;
}

/** Records a view; false when this visitor was already counted for this resource today. */
export async function addView(db: Db, slug: string, day: string, visitor: string): Promise<boolean> {
  const result = await db
    .insertInto('resource_views')
    .values({ slug, day, visitor })
    .onConflict((oc) => oc.columns(['slug', 'day', 'visitor']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function viewCount(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom('resource_views')
    .select((eb) => eb.fn.countAll<number | string>().as('views'))
    .where('slug', '=', slug)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/** Views of every resource that has any. */
export async function viewCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('resource_views')
    .select(['slug', (eb) => eb.fn.countAll<number | string>().as('views')])
    .groupBy('slug')
    .execute();
  return new Map(rows.map((row) => [row.slug, Number(row.views)]));
}
