import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION } from '../../shared/constants.ts';
import type { TUser } from '../../shared/schemas/users.ts';
import type { Db, DbHandle } from '../db/database.ts';
import { hashToken, newId, newSessionToken } from '../security/tokens.ts';
import { AppError } from './errors.ts';
import * as sessions from './session-store.ts';
import { SessionLookup, type FoundSession, type SessionUsers } from './session-store.ts';

export interface Auth {
  user: TUser;
  sessionId: string;
  /** Logged in with "remember me": the cookie outlives the browser session. */
  persistent: boolean;
  /** Set when a company system calls with an API key: the key's id (the user is its owner). */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** The route checks credentials itself (login): its 401 answers wrong ones, not a missing session. */
    signsIn?: boolean;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

function idleExpiry(from: Date): Date {
  return new Date(from.getTime() + SESSION.idleHours * 60 * 60 * 1000);
}

/**
 * Reads the session cookie on every /api request and attaches the user, or null. `users` says how
 * a session's user is read (the identity domain's query, handed in by the composition root).
 */
export function registerSessionAuth<Row>(app: FastifyInstance, handle: DbHandle, users: SessionUsers<Row>): void {
  const lookup = new SessionLookup(handle, users);
  app.decorateRequest('auth', null);
  // A callback hook, not an async one: a session SQLite can answer at once is attached without a
  // promise, on the path every logged-in request takes.
  // (It returns nothing: Fastify would wait on a returned promise as well as on `done`.)
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.url.startsWith('/api/') ? request.cookies[SESSION.cookieName] : undefined;
    if (!token) {
      done();
      return;
    }
    const found = lookup.find(hashToken(token));
    const touch = found instanceof Promise ? found.then((f) => attach(request, f)) : attach(request, found);
    if (touch) touch.then(() => done(), done);
    else done();
  });

  /** Attaches a live session's user; answers the sliding expiry's write when one is due. */
  function attach(request: FastifyRequest, found: FoundSession | null): Promise<void> | undefined {
    const now = Date.now();
    if (!found || found.expiresAtMs <= now) return undefined;
    const { session, user } = found;
    request.auth = { user, sessionId: session.id, persistent: session.persistent === 1 };
    // Sliding expiry for browser-session logins; written at most every few minutes.
    if (now - found.lastSeenMs <= SESSION.touchEveryMs) return undefined;
    const expires = session.persistent ? new Date(found.expiresAtMs) : idleExpiry(new Date(now));
    return sessions.touchSession(handle.db, session.id, new Date(now), expires);
  }
}

/**
 * A route that documents a 401 answer needs a session, and a request without one is answered 401
 * before its body is validated: a logged-out client learns that first, not the field rules of a
 * form it may not send. One rule for every route (register before the routes); the handlers'
 * requireAuth stays as the type-safe way to reach the user.
 */
export function registerSessionRequirement(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (!responses || !('401' in responses) || route.config?.signsIn) return;
    const hooks = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [
      (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        done(request.auth ? undefined : unauthenticated());
      },
      ...hooks,
    ];
  });
}

function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', 401, 'http.unauthenticated');
}

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Starts a new session and sets its cookie: a new token at every login, and the session this
 * browser had before (if any) ends. Expired sessions are swept here, off the hot path. Recording
 * the login on the user is the caller's part. The new session's id.
 */
export async function startSession(
  db: Db,
  reply: FastifyReply,
  request: FastifyRequest,
  userId: string,
  remember: boolean,
  secure: boolean,
): Promise<string> {
  const token = newSessionToken();
  const id = newId();
  const now = new Date();
  if (request.auth) await sessions.deleteSession(db, request.auth.sessionId);
  await sessions.deleteExpiredSessions(db, now);
  const expiresAt = remember ? new Date(now.getTime() + SESSION.rememberDays * DAY_MS) : idleExpiry(now);
  await sessions.insertSession(db, {
    id,
    tokenHash: hashToken(token),
    userId,
    persistent: remember,
    expiresAt,
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
    ip: request.ip,
  });
  setSessionCookie(reply, token, remember, secure);
  return id;
}

function setSessionCookie(reply: FastifyReply, token: string, remember: boolean, secure: boolean): void {
  reply.setCookie(SESSION.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // Without "remember me" the cookie lives as long as the browser session; the server's own
    // expiry ends it sooner if the browser stays open.
    ...(remember && { maxAge: SESSION.rememberDays * 24 * 60 * 60 }),
  });
}

/**
 * Gives the current session a new token (and the browser a new cookie) after a credential change
 * (e-mail or password), so a token copied before the change no longer opens the account. The
 * session keeps its "remember me" and expiry.
 */
export async function rotateSession(db: Db, reply: FastifyReply, request: FastifyRequest, secure: boolean): Promise<void> {
  const auth = requireAuth(request);
  const token = newSessionToken();
  await sessions.setSessionToken(db, auth.sessionId, hashToken(token));
  setSessionCookie(reply, token, auth.persistent, secure);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
