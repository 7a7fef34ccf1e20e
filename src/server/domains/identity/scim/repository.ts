import type { Db } from '../../../db/database.ts';

/** The only SQL of SCIM provisioning: its tokens, and the identity provider's ids of people and groups. */

export async function listTokens(db: Db, organisationId: string) {
  return db
    .selectFrom('scim_tokens as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.label', 't.created_at', 't.last_used_at', 't.revoked_at', 'u.contact_name as created_by_name'])
    .where('t.organisation_id', '=', organisationId)
    .orderBy('t.created_at', 'desc')
    .limit(200)
    .execute();
}

export type TokenRow = Awaited<ReturnType<typeof listTokens>>[number];

export async function insertToken(
  db: Db,
  row: { id: string; organisation_id: string; token_hash: string; label: string; created_at: string; created_by: string },
): Promise<void> {
  await db
    .insertInto('scim_tokens')
    .values({ ...row, last_used_at: null, revoked_at: null })
    .execute();
}

export async function revokeToken(db: Db, organisationId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('scim_tokens')
    .set({ revoked_at: now })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A live token of a company that still exists. */
export async function findLiveToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('scim_tokens as t')
    .innerJoin('organisations as o', 'o.id', 't.organisation_id')
    .select(['t.id', 't.organisation_id', 't.label', 't.last_used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function touchToken(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('scim_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

const personColumns = [
  'u.id',
  'u.email',
  'u.contact_name',
  'u.role',
  'u.deactivated_at',
  'u.created_at',
  'u.updated_at',
  's.external_id',
] as const;

/** A company's people (never an erased person's pseudonym), with the identity provider's id of each it manages. */
function people(db: Db, organisationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('scim_users as s', 's.user_id', 'u.id')
    .select(personColumns)
    .where('u.organisation_id', '=', organisationId)
    .where('u.erased_at', 'is', null);
}

export type PersonRow = NonNullable<Awaited<ReturnType<ReturnType<typeof people>['executeTakeFirst']>>>;

export async function findPerson(db: Db, organisationId: string, id: string): Promise<PersonRow | undefined> {
  return people(db, organisationId).where('u.id', '=', id).executeTakeFirst();
}

export async function listPeople(
  db: Db,
  organisationId: string,
  filter: { email?: string; externalId?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  let query = people(db, organisationId);
  if (filter.email !== undefined) query = query.where('u.email', '=', filter.email);
  if (filter.externalId !== undefined) query = query.where('s.external_id', '=', filter.externalId);
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query.orderBy('u.created_at').orderBy('u.id').offset(page.offset).limit(page.limit).execute();
  return { rows, total: Number(counted.n) };
}

/** Where an address is in use: its person and their company. */
export async function findByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'organisation_id']).where('email', '=', email).executeTakeFirst();
}

export async function updatePerson(
  db: Db,
  id: string,
  set: { email?: string; contact_name?: string; deactivated_at?: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** The identity provider manages this person, by its id for them (kept when it sends none). */
export async function linkPerson(db: Db, organisationId: string, userId: string, externalId: string | null | undefined, now: string) {
  await db
    .insertInto('scim_users')
    .values({ user_id: userId, organisation_id: organisationId, external_id: externalId ?? null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(externalId === undefined ? { user_id: userId } : { external_id: externalId }))
    .execute();
}

export async function groupExternalIds(db: Db, groupIds: readonly string[]): Promise<Map<string, string | null>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db.selectFrom('scim_groups').select(['group_id', 'external_id']).where('group_id', 'in', groupIds).execute();
  return new Map(rows.map((r) => [r.group_id, r.external_id]));
}

export async function linkGroup(db: Db, organisationId: string, groupId: string, externalId: string | null | undefined, now: string) {
  await db
    .insertInto('scim_groups')
    .values({ group_id: groupId, organisation_id: organisationId, external_id: externalId ?? null, created_at: now })
    .onConflict((oc) => oc.column('group_id').doUpdateSet(externalId === undefined ? { group_id: groupId } : { external_id: externalId }))
    .execute();
}

/** The e-mail addresses of people, for a group's members. */
export async function emailsOf(db: Db, organisationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .where('erased_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}
