import type { Db } from '../../../db/database.ts';

/** The only SQL for a user's logins (sessions: http/session-store.ts; failed logins and registration attempts: throttle/attempts-repository.ts). */

/**
 * Records that the user logged in, answering whether it was their first login (none recorded
 * before). Of two first logins at once, one is the first.
 */
export async function recordLogin(db: Db, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const first = await db
    .updateTable('users')
    .set({ last_login_at: at })
    .where('id', '=', userId)
    .where('last_login_at', 'is', null)
    .executeTakeFirst();
  if (Number(first.numUpdatedRows) === 1) return true;
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
  return false;
}
