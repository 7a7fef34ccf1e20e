import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import type { AuditLogTable } from '../../../db/schema-audit.ts';
import { entryHash, GENESIS } from './hash.ts';

export type AuditRow = AuditLogTable;
export type NewAuditRow = Omit<AuditLogTable, 'seq' | 'prev_hash' | 'hash'>;

/**
 * Appends one entry to its company's chain, in one transaction. The head row is bumped first: on
 * PostgreSQL the update locks it until commit, so a second append to the same company waits there
 * and then reads the seq and hash this one left (read committed re-reads a row it waited for);
 * SQLite runs one write transaction at a time anyway. The insert before it makes the head of a
 * company's first entry; on a race the loser waits for the winner's row and does nothing.
 * The only writes to these tables but retention's (prune.ts, which deletes the oldest entries behind
 * a signed checkpoint): nothing updates an entry.
 */
export async function append(db: Db, entry: NewAuditRow): Promise<AuditRow> {
  return db.transaction().execute(async (trx) => {
    const organisationId = entry.organisation_id;
    await trx
      .insertInto('audit_heads')
      .values({ organisation_id: organisationId, seq: 0, hash: GENESIS })
      .onConflict((oc) => oc.column('organisation_id').doNothing())
      .execute();
    const head = await trx
      .updateTable('audit_heads')
      .set((eb) => ({ seq: eb('seq', '+', 1) }))
      .where('organisation_id', '=', organisationId)
      .returning(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const linked = { ...entry, seq: Number(head.seq), prev_hash: head.hash };
    const row: AuditRow = { ...linked, hash: entryHash(linked) };
    await trx.insertInto('audit_log').values(row).execute();
    await trx.updateTable('audit_heads').set({ hash: row.hash }).where('organisation_id', '=', organisationId).execute();
    return row;
  });
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type AuditQuery = SelectQueryBuilder<Database, 'audit_log', AuditRow>;

/** The actor is matched by id or by e-mail as recorded; from and to bound `at` (from inclusive). */
function filtered(query: AuditQuery, filter: AuditFilter): AuditQuery {
  let q = query;
  const { actor, action, from, to } = filter;
  if (actor) q = q.where((eb) => eb.or([eb('actor_id', '=', actor), eb('actor_email', '=', actor.toLowerCase())]));
  if (action) q = q.where('action', '=', action);
  if (from) q = q.where('at', '>=', from);
  if (to) q = q.where('at', '<', to);
  return q;
}

/** A page of a company's entries, newest first, those before `beforeSeq` when given. */
export function page(db: Db, organisationId: string, filter: AuditFilter, limit: number, beforeSeq?: number): Promise<AuditRow[]> {
  let query = filtered(db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId), filter);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

/** The company's entries in chain order (from seq 1, or after its checkpoint), for an export or a check. */
export async function* inOrder(db: Db, organisationId: string, filter: AuditFilter, batch = 1000): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const query = db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).where('seq', '>', after);
    const rows = await filtered(query, filter).orderBy('seq', 'asc').limit(batch).execute();
    yield* rows;
    if (rows.length < batch) return;
    after = Number(rows.at(-1)!.seq);
  }
}
