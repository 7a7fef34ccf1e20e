import type { Db } from '../../../db/database.ts';
import type { XapiSettingsTable, XapiStatementsTable } from '../../../db/schema-integrations.ts';
import { due, takeLease } from '../../../queue/lease.ts';

/** The only SQL of xAPI. */

export type SettingsRow = XapiSettingsTable;
export type StatementRow = XapiStatementsTable;

export async function findSettings(db: Db, organisationId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('xapi_settings').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
}

/** Whether any company sends statements to an LRS of its own. */
export async function anyActiveSettings(db: Db): Promise<boolean> {
  return (await db.selectFrom('xapi_settings').select('organisation_id').where('active', '=', 1).limit(1).executeTakeFirst()) !== undefined;
}

export async function saveSettings(db: Db, row: SettingsRow): Promise<void> {
  await db
    .insertInto('xapi_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('organisation_id').doUpdateSet({
        endpoint: row.endpoint,
        username: row.username,
        password: row.password,
        active: row.active,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteSettings(db: Db, organisationId: string): Promise<boolean> {
  const result = await db.deleteFrom('xapi_settings').where('organisation_id', '=', organisationId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Queues a statement; false when what it tells of was queued before. */
export async function insertStatement(
  db: Db,
  row: Pick<StatementRow, 'id' | 'organisation_id' | 'event_key' | 'verb' | 'user_id' | 'statement' | 'created_at'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('xapi_statements')
    .values({ ...row, status: 'queued', attempts: 0, next_attempt_at: row.created_at })
    .onConflict((oc) => oc.columns(['organisation_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Leases the next due statement of a company not paused to `owner` until `until`. */
export async function claim(db: Db, owner: string, now: Date, until: string): Promise<StatementRow | undefined> {
  const lease = { owner, at: now.toISOString(), until };
  const candidates = await db
    .selectFrom('xapi_statements as x')
    .leftJoin('xapi_settings as s', 's.organisation_id', 'x.organisation_id')
    .select('x.id')
    // A paused company's statements wait for it.
    .where((eb) => eb.or([eb('s.active', 'is', null), eb('s.active', '=', 1)]))
    .where(due(lease.at))
    .orderBy('x.next_attempt_at')
    .limit(5)
    .execute();
  for (const { id } of candidates) {
    const row = await takeLease(db, 'xapi_statements', id, lease);
    if (row) return row;
  }
  return undefined;
}

/** Ends an attempt, only while `owner` still holds the statement (another that took it over is sending it now). */
export async function finish(
  db: Db,
  id: string,
  owner: string,
  set: Pick<StatementRow, 'status' | 'response_status' | 'last_error' | 'sent_at' | 'next_attempt_at'>,
): Promise<void> {
  await db
    .updateTable('xapi_statements')
    .set({ ...set, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** The company's statements since `since` by state, its last one sent and its last failure. */
export async function queueFigures(db: Db, organisationId: string, since: string) {
  const counts = await db
    .selectFrom('xapi_statements')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('sent_at').as('last_sent')])
    .where('organisation_id', '=', organisationId)
    .where('created_at', '>=', since)
    .groupBy('status')
    .execute();
  const failure = await db
    .selectFrom('xapi_statements')
    .select(['last_error', 'response_status'])
    .where('organisation_id', '=', organisationId)
    .where('status', 'in', ['queued', 'failed'])
    .where('attempts', '>', 0)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { counts, failure };
}

/** The company's failed statements queued for one more round of attempts now. */
export async function requeueFailed(db: Db, organisationId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('xapi_statements')
    .set({ status: 'queued', next_attempt_at: at, attempts: 0 })
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops the statements that ended before `before`. */
export async function pruneStatements(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('xapi_statements')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
