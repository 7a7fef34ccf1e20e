import type { Db } from '../../../db/database.ts';

/** The only SQL of API keys. */

const REVOKED_LISTED = 50;

const keyColumns = [
  'k.id',
  'k.label',
  'k.prefix',
  'k.scopes',
  'k.created_at',
  'k.last_used_at',
  'k.revoked_at',
  'u.contact_name as owner_name',
] as const;

const selectKeys = (db: Db, organisationId: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select(keyColumns)
    .where('k.organisation_id', '=', organisationId);

/** Every live key of the company (there are few), then the most recently made of those revoked. */
export async function listKeys(db: Db, organisationId: string) {
  const live = await selectKeys(db, organisationId).where('k.revoked_at', 'is', null).orderBy('k.created_at', 'desc').execute();
  const revoked = await selectKeys(db, organisationId)
    .where('k.revoked_at', 'is not', null)
    .orderBy('k.created_at', 'desc')
    .limit(REVOKED_LISTED)
    .execute();
  return [...live, ...revoked].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function findKey(db: Db, organisationId: string, id: string) {
  return selectKeys(db, organisationId).where('k.id', '=', id).executeTakeFirst();
}

export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

export async function insertKey(
  db: Db,
  row: {
    id: string;
    organisation_id: string;
    owner_id: string;
    key_hash: string;
    prefix: string;
    label: string;
    scopes: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ ...row, last_used_at: null, revoked_at: null })
    .execute();
}

export async function revokeKey(db: Db, organisationId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A live key of a company that still exists, whose owner is still one of its active admins: a key
 * never outlives the rights it borrows.
 */
export async function findLiveKey(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('organisations as o', 'o.id', 'k.organisation_id')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select(['k.id', 'k.owner_id', 'k.label', 'k.scopes', 'k.last_used_at'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where('u.role', '=', 'admin')
    .whereRef('u.organisation_id', '=', 'k.organisation_id')
    .executeTakeFirst();
}

export async function touchKey(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
