import type { Db } from '../../db/database.ts';
import { latestMorning, morningOf } from './copenhagen-time.ts';

/** Rows per look-up, well under the bound parameters SQLite and PostgreSQL take in one statement. */
const BATCH = 500;

/** The outbox key of a person's digest of `day` (a Copenhagen date): one mail a day. */
export const digestKey = (userId: string, day: string) => `digest:${userId}:${day}`;

/**
 * Where a day's digest ends: what was told before 07:00 that day is in it, what came after waits
 * for the next day's, so a digest's content does not depend on when its job happened to run.
 */
export const digestCutoff = (day: string): Date => morningOf(day);

/**
 * The people whose digest is due at `now`, for one company or all: the day is the Copenhagen
 * date of the latest 07:00, and they have notifications waiting for a digest from before it and
 * no digest of that day yet.
 */
export async function pendingDigests(
  db: Db,
  now: Date,
  organisationId?: string,
): Promise<{ userId: string; organisationId: string; day: string }[]> {
  const { day } = latestMorning(now);
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.user_id', 'u.organisation_id'])
    .distinct()
    .where('n.digest_pending', '=', 1)
    .where('n.created_at', '<', digestCutoff(day).toISOString())
    .where('u.deactivated_at', 'is', null);
  if (organisationId) query = query.where('u.organisation_id', '=', organisationId);
  const waiting = await query.execute();
  const sent = new Set<string>();
  for (let i = 0; i < waiting.length; i += BATCH) {
    const keys = waiting.slice(i, i + BATCH).map((w) => digestKey(w.user_id, day));
    const rows = await db.selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'in', keys).execute();
    for (const row of rows) if (row.dedupe_key) sent.add(row.dedupe_key);
  }
  return waiting
    .filter((w) => !sent.has(digestKey(w.user_id, day)))
    .map((w) => ({ userId: w.user_id, organisationId: w.organisation_id, day }));
}
