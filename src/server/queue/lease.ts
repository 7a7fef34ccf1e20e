import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The tables kept as durable queues: each row has a status, when it is next due, and a lease while an instance sends it. */
type QueueTable = 'mail_outbox' | 'webhook_deliveries' | 'xapi_statements';

/** Due: queued and its time come, or being sent by an instance whose lease ran out (it stopped). */
export function due(at: string): RawBuilder<boolean> {
  return sql<boolean>`((status = 'queued' and next_attempt_at <= ${at}) or (status = 'sending' and lease_until < ${at}))`;
}

/**
 * Leases the row `id` to `owner` until `until`, counting an attempt, if it is still due at `at`:
 * of two instances taking it at once, one gets it. Answers the row as leased, or undefined.
 */
export async function takeLease<T extends QueueTable>(
  db: Db,
  table: T,
  id: string,
  lease: { owner: string; at: string; until: string },
): Promise<Selectable<Database[T]> | undefined> {
  const taken = await sql<Selectable<Database[T]>>`
    update ${sql.table(table)}
    set status = 'sending', lease_owner = ${lease.owner}, lease_until = ${lease.until}, attempts = attempts + 1
    where id = ${id} and ${due(lease.at)}
    returning *`.execute(db);
  return taken.rows[0];
}
