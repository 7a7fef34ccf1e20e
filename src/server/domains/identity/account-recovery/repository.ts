import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';
import { deleteOtherSessions } from '../../../http/session-store.ts';

/** The only SQL for password-reset links. */

/** The active (not deactivated) account that logs in with `email`, with its mail language. */
export async function findActiveUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('email', '=', email)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** A new link for a user; the user's older links stop working (a new request replaces them). */
export async function insertReset(
  db: Db,
  r: { id: string; userId: string; tokenHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await voidOpenResets(trx, r.userId, r.now);
    await trx
      .insertInto('password_resets')
      .values({ id: r.id, user_id: r.userId, token_hash: r.tokenHash, created_at: r.now, expires_at: r.expiresAt, used_at: null })
      .execute();
  });
}

async function voidOpenResets(db: Db | Transaction<Database>, userId: string, at: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function findResetByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id',
      'password_resets.user_id',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.deactivated_at',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses a link: claims it (only one of two parallel uses can), sets the password, voids the user's
 * other links and ends every session of the user, all or nothing. False when the link was
 * claimed already.
 */
export async function useReset(db: Db, r: { id: string; userId: string; passwordHash: string; now: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: r.now })
      .where('id', '=', r.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx.updateTable('users').set({ password_hash: r.passwordHash, updated_at: r.now }).where('id', '=', r.userId).execute();
    await voidOpenResets(trx, r.userId, r.now);
    await deleteOtherSessions(trx, r.userId, null);
    return true;
  });
}

/** Keeps the table small: links that expired a day ago are of no use to anyone. */
export async function deleteResetsExpiredBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', before).execute();
}
