import type { Db } from '../../../db/database.ts';

/** The only SQL of API keys. */

export async function listKeys(db: Db, organisationId: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select(['k.id', 'k.label', 'k.prefix', 'k.scopes', 'k.created_at', 'k.last_used_at', 'k.revoked_at', 'u.contact_name as owner_name'])
    .where('k.organisation_id', '=', organisationId)
    .orderBy('k.created_at', 'desc')
    .limit(200)
    .execute();
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
