import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.ts';

/** The only SQL of the resource library: its view counter (migration 020) and its ratings (migration 060). */

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

/** The installation's key for visitors' rating hashes, made by whichever instance needs it first. */
export async function ratingKey(db: Db): Promise<string> {
  const existing = await db.selectFrom('resource_rating_key').select('key').where('id', '=', 1).executeTakeFirst();
  if (existing) return existing.key;
  await db
    .insertInto('resource_rating_key')
    .values({ id: 1, key: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await db.selectFrom('resource_rating_key').select('key').where('id', '=', 1).executeTakeFirstOrThrow()).key;
}

/** A visitor's rating of a resource: their first, or their changed mind in place of it. */
export async function rate(db: Db, slug: string, visitor: string, rating: number, at: string): Promise<void> {
  await db
    .insertInto('resource_ratings')
    .values({ slug, visitor, rating, rated_at: at })
    .onConflict((oc) => oc.columns(['slug', 'visitor']).doUpdateSet({ rating, rated_at: at }))
    .execute();
}

export async function visitorRating(db: Db, slug: string, visitor: string): Promise<number | null> {
  const row = await db
    .selectFrom('resource_ratings')
    .select('rating')
    .where('slug', '=', slug)
    .where('visitor', '=', visitor)
    .executeTakeFirst();
  return row ? Number(row.rating) : null;
}

/** The sum and number of ratings of every resource that has any. */
export async function ratingTotals(db: Db): Promise<Map<string, { sum: number; count: number }>> {
  const rows = await db
    .selectFrom('resource_ratings')
    .select(['slug', (eb) => eb.fn.sum<number | string>('rating').as('sum'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('slug')
    .execute();
  return new Map(rows.map((row) => [row.slug, { sum: Number(row.sum), count: Number(row.count) }]));
}
