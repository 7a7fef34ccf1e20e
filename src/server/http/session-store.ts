import type { SelectQueryBuilder, Transaction } from 'kysely';
import type { TUser } from '../../shared/schemas/users.ts';
import type { Db, DbHandle, PreparedRead } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The only SQL for the sessions table. */

export interface SessionRow {
  id: string;
  persistent: number;
  expires_at: string;
  last_seen_at: string;
}

export async function insertSession(
  db: Db,
  s: { id: string; tokenHash: string; userId: string; persistent: boolean; expiresAt: Date; userAgent: string | null; ip?: string | null },
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
      ip: s.ip ?? null,
    })
    .execute();
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

/**
 * Ends every session of a user but `keepSessionId` (all of them when null): after a credential
 * change, a password reset (in its transaction), a deactivation.
 */
export async function deleteOtherSessions(db: Db | Transaction<Database>, userId: string, keepSessionId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** A user's live sessions for the lists of them (never their token hashes), the latest used first. */
export async function listSessions(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'persistent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one of a user's sessions; false when the user has no such session. */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of a user but `keepSessionId`; how many ended. */
export async function countAndDeleteSessions(db: Db, userId: string, keepSessionId: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}

/**
 * Who a session belongs to, as the rest of the app knows them: the query for a user's columns
 * (users joined to their organisation) and how a row of it becomes a user. The identity domain
 * owns both; the composition root hands them in, so the session look-up stays one query.
 */
export interface SessionUsers<Row> {
  select(db: Db): SelectQueryBuilder<Database, 'users' | 'organisations', Row>;
  toUser(row: Row): TUser;
}

export interface FoundSession {
  session: SessionRow;
  user: TUser;
  /** The session's expiry and last use in milliseconds, read once rather than on every request. */
  expiresAtMs: number;
  lastSeenMs: number;
}

/** At most this many sessions are remembered; past it the longest-held is forgotten first. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The session a cookie's token opens, and its user, on every authenticated request. The look-up is
 * one query prepared once (building it with the query builder each time cost more than running it).
 *
 * On SQLite the answer is also remembered for as long as the database stays exactly as it was: any
 * write by this process (a logout, a new token, a deactivation, a profile edit, anything) and any
 * commit by another process on the same file forgets every remembered answer before the next
 * request is answered, so nothing that ends or changes a session can be missed, wherever it
 * happened. On PostgreSQL nothing is remembered: another instance's change could not be seen
 * without asking the database, which is the look-up itself.
 */
export class SessionLookup<Row> {
  private readonly read: PreparedRead<Row & { session_id: string; persistent: number; expires_at: string; last_seen_at: string }>;
  private readonly remembered = new Map<string, FoundSession>();
  private mark: string | undefined;

  constructor(
    private readonly handle: DbHandle,
    private readonly users: SessionUsers<Row>,
  ) {
    const query = users
      .select(handle.db)
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['sessions.id as session_id', 'sessions.persistent', 'sessions.expires_at', 'sessions.last_seen_at'])
      .where('sessions.token_hash', '=', '')
      // A deactivated member's sessions are deleted; this keeps any that raced the deactivation shut.
      .where('users.deactivated_at', 'is', null)
      .compile();
    this.read = handle.prepareRead('kursa_session_with_user', query);
  }

  /** The session and its user, or null; at once (no promise) when SQLite can answer at once. */
  find(tokenHash: string): FoundSession | null | Promise<FoundSession | null> {
    const mark = this.handle.changeMark();
    if (mark === undefined || mark !== this.mark) {
      this.remembered.clear();
      this.mark = mark;
    }
    if (mark !== undefined) {
      const known = this.remembered.get(tokenHash);
      if (known !== undefined) return known;
    }
    const row = this.read([tokenHash]);
    if (row instanceof Promise) return row.then((r) => this.toFound(r));
    const found = this.toFound(row);
    // Only sessions found: a token that opens nothing costs a look-up each time, and cannot crowd
    // out the sessions in use.
    if (found && mark !== undefined) {
      if (this.remembered.size >= REMEMBERED_SESSIONS) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(tokenHash, found);
    }
    return found;
  }

  private toFound(
    row: (Row & { session_id: string; persistent: number; expires_at: string; last_seen_at: string }) | undefined,
  ): FoundSession | null {
    if (!row) return null;
    const user = this.users.toUser(row);
    // One object answers many requests: frozen, so a handler that changed it would fail loudly
    // instead of changing what the next request sees.
    Object.freeze(user.preferences);
    return {
      session: Object.freeze({
        id: row.session_id,
        persistent: row.persistent,
        expires_at: row.expires_at,
        last_seen_at: row.last_seen_at,
      }),
      user: Object.freeze(user),
      expiresAtMs: Date.parse(row.expires_at),
      lastSeenMs: Date.parse(row.last_seen_at),
    };
  }
}
