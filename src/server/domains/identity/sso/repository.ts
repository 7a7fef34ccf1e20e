import type { Db } from '../../../db/database.ts';
import type { SsoConnectionsTable, SsoFlowsTable, SsoSessionsTable } from '../../../db/schema-sso.ts';

export type ConnectionRow = SsoConnectionsTable;

export async function connectionOf(db: Db, organisationId: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('sso_connections').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
}

export async function saveConnection(db: Db, row: ConnectionRow): Promise<void> {
  const { organisation_id: _id, created_at: _created, ...changes } = row;
  await db
    .insertInto('sso_connections')
    .values(row)
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(changes))
    .execute();
}

export async function mappingsOf(db: Db, organisationId: string) {
  return db
    .selectFrom('sso_group_mappings')
    .select(['external_group', 'group_id'])
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function replaceMappings(
  db: Db,
  organisationId: string,
  rows: { id: string; externalGroup: string; groupId: string }[],
  now: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sso_group_mappings').where('organisation_id', '=', organisationId).execute();
    if (rows.length > 0)
      await trx
        .insertInto('sso_group_mappings')
        .values(
          rows.map((r) => ({
            id: r.id,
            organisation_id: organisationId,
            external_group: r.externalGroup,
            group_id: r.groupId,
            created_at: now,
          })),
        )
        .execute();
  });
}

/** The company's group ids among `ids`. */
export async function groupsOfCompany(db: Db, organisationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('groups').select('id').where('organisation_id', '=', organisationId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** A company's verified e-mail domains. */
export async function verifiedDomains(db: Db, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organisation_domains')
    .select('domain')
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'verified')
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

export async function insertFlow(db: Db, row: SsoFlowsTable): Promise<void> {
  await db.insertInto('sso_flows').values(row).execute();
}

/** Takes the flow: it is deleted as it is read, so a state answers once. */
export async function takeFlow(db: Db, id: string, now: Date): Promise<SsoFlowsTable | undefined> {
  const row = await db.selectFrom('sso_flows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const taken = await db.deleteFrom('sso_flows').where('id', '=', id).executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return undefined;
  await db.deleteFrom('sso_flows').where('expires_at', '<=', now.toISOString()).execute();
  return row.expires_at > now.toISOString() ? row : undefined;
}

export async function identityOf(db: Db, organisationId: string, issuer: string, subject: string) {
  return db
    .selectFrom('sso_identities')
    .select(['id', 'user_id'])
    .where('organisation_id', '=', organisationId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertSsoSession(db: Db, row: SsoSessionsTable): Promise<void> {
  await db.insertInto('sso_sessions').values(row).execute();
}

/** The Kursa sessions that came from the provider's session (or all of the subject's when the provider names none). */
export async function sessionsFromProvider(
  db: Db,
  organisationId: string,
  issuer: string,
  match: { subject?: string | undefined; providerSession?: string | undefined },
): Promise<{ session_id: string; user_id: string }[]> {
  let query = db
    .selectFrom('sso_sessions')
    .select(['session_id', 'user_id'])
    .where('organisation_id', '=', organisationId)
    .where('issuer', '=', issuer);
  if (match.subject !== undefined) query = query.where('subject', '=', match.subject);
  if (match.providerSession !== undefined) query = query.where('provider_session', '=', match.providerSession);
  return query.execute();
}

/** Records an assertion (or logout token) as seen; false when it was already. */
export async function firstSighting(db: Db, organisationId: string, id: string, expiresAt: string, now: Date): Promise<boolean> {
  await db.deleteFrom('sso_replays').where('expires_at', '<=', now.toISOString()).execute();
  const result = await db
    .insertInto('sso_replays')
    .values({ id, organisation_id: organisationId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
