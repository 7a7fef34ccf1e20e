import type { CompiledQuery, InferResult } from 'kysely';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { selectUsers, toUser } from '../users/repository.ts';

/** The only SQL for sessions and logins. */

export interface SessionRow {
  id: string;
  persistent: number;
  expires_at: string;
  last_seen_at: string;
}

export async function insertSession(
  db: Db,
  s: { id: string; tokenHash: string; userId: string; persistent: boolean; expiresAt: Date; userAgent: string | null },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      token_hash: s.tokenHash,
      user_id: s.userId,
      persistent: s.persistent ? 1 : 0,
      expires_at: s.expiresAt.toISOString(),
      created_at: now,
      last_seen_at: now,
      user_agent: s.userAgent,
    })
    .execute();
}

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

function sessionWithUserQuery(db: Db, tokenHash: string) {
  return (
    selectUsers(db)
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['sessions.id as session_id', 'sessions.persistent', 'sessions.expires_at', 'sessions.last_seen_at'])
      .where('sessions.token_hash', '=', tokenHash)
      // A deactivated member's sessions are deleted; this keeps any that raced the deactivation shut.
      .where('users.deactivated_at', 'is', null)
  );
}
type SessionUserRow = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

// Building a Kysely query costs several times more than running it; this one runs on every
// authenticated request, so it is compiled once per database and only its parameter changes.
const compiledSessionQuery = new WeakMap<Db, CompiledQuery<SessionUserRow>>();

/** The session a token opens and its user, in one query. */
export async function findSessionWithUser(db: Db, tokenHash: string): Promise<{ session: SessionRow; user: TUser } | undefined> {
  let compiled = compiledSessionQuery.get(db);
  if (!compiled) {
    compiled = sessionWithUserQuery(db, '').compile();
    compiledSessionQuery.set(db, compiled);
  }
  const { rows } = await db.executeQuery<SessionUserRow>({ ...compiled, parameters: [tokenHash] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    session: { id: row.session_id, persistent: row.persistent, expires_at: row.expires_at, last_seen_at: row.last_seen_at },
    user: toUser(row),
  };
}

export async function touchSession(db: Db, id: string, lastSeen: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeen.toISOString(), expires_at: expiresAt.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function setSessionToken(db: Db, id: string, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user but `keepSessionId` (all of them when null), after a credential change. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}
