import type { Db } from '../../db/database.ts';
import type { NotificationEvent } from './service.ts';

/** Something to tell, found by a periodic scan, with the company whose scan job tells it. */
export type CompanyEvent = NotificationEvent & { organisationId: string };

/** Rows per look-up, well under the bound parameters SQLite and PostgreSQL take in one statement. */
const BATCH = 500;

/**
 * The events that have not been told yet: a scan finds what is due, and what its person already
 * has a notification of (by its key) is not due again. Looked up in batches, as a scan across all
 * companies can find many.
 */
export async function untold<E extends { userId: string; key: string }>(db: Db, events: readonly E[]): Promise<E[]> {
  const seen = new Set<string>();
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH);
    const told = await db
      .selectFrom('notifications')
      .select(['user_id', 'dedupe_key'])
      .where('user_id', 'in', [...new Set(batch.map((e) => e.userId))])
      .where('dedupe_key', 'in', [...new Set(batch.map((e) => e.key))])
      .execute();
    for (const t of told) seen.add(`${t.user_id} ${t.dedupe_key}`);
  }
  return events.filter((e) => !seen.has(`${e.userId} ${e.key}`));
}
