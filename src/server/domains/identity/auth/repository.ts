import type { Db } from '../../../db/database.ts';

/** The only SQL for a user's logins, failed-login records and registration attempts (sessions: http/session-store.ts). */

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

export async function recordLoginFailure(db: Db, id: string, account: string, ip: string, at: Date): Promise<void> {
  await db.insertInto('login_failures').values({ id, account, ip, created_at: at.toISOString() }).execute();
}

export async function deleteLoginFailure(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Failures since `since`, for one account from one IP and for the IP as a whole, with the oldest of each. */
export async function loginFailuresSince(db: Db, account: string, ip: string, since: Date) {
  const from = since.toISOString();
  const [pair, byIp] = await Promise.all([
    db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('account', '=', account)
      .where('ip', '=', ip)
      .where('created_at', '>', from)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('ip', '=', ip)
      .where('created_at', '>', from)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    accountIp: { count: Number(pair.n), oldest: pair.oldest as string | null },
    ip: { count: Number(byIp.n), oldest: byIp.oldest as string | null },
  };
}

export async function clearLoginFailures(db: Db, account: string, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).where('ip', '=', ip).execute();
}

export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<=', before.toISOString()).execute();
}

export async function recordRegistrationAttempt(db: Db, id: string, ip: string, at: Date): Promise<void> {
  await db.insertInto('registration_attempts').values({ id, ip, created_at: at.toISOString() }).execute();
}

export async function deleteRegistrationAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('registration_attempts').where('id', '=', id).execute();
}

/** Attempts from one IP since `since`, with the oldest of them. */
export async function registrationAttemptsSince(db: Db, ip: string, since: Date) {
  const row = await db
    .selectFrom('registration_attempts')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', ip)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest as string | null };
}

export async function deleteRegistrationAttemptsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('registration_attempts').where('created_at', '<=', before.toISOString()).execute();
}
