import { useSyncExternalStore } from 'react';
import type { TUser } from '@shared/schemas/users.ts';
import { fetchMe, logout } from '@/lib/session';
import { sessionOf, type ShellSession } from '@/lib/shell-context';

/**
 * The session as the light shell knows it, without TanStack Query. The check starts with the
 * page (index.html preloads GET /api/session), and when the full app boots it is seeded from here,
 * so the session is asked for once per page load whichever shell is showing.
 */
let session: ShellSession = sessionOf(undefined);
let request: Promise<TUser | null> | undefined;
/** Set once a login, registration or logout decided the session: a late check must not undo it. */
let decided = false;
const listeners = new Set<() => void>();

function setSessionUser(user: TUser | null): void {
  session = sessionOf(user);
  for (const listener of listeners) listener();
}

/** Starts the session check once; later callers share its answer (null when logged out). */
export function loadSession(): Promise<TUser | null> {
  return (request ??= fetchMe().then((user) => {
    if (decided) return session.user;
    setSessionUser(user);
    return user;
  }));
}

export function getSession(): ShellSession {
  return session;
}

/** A login or registration on the light shell succeeded; the server has set the session cookie. */
export function startSession(user: TUser): void {
  decided = true;
  setSessionUser(user);
}

/**
 * Logging out: the user is cleared at once and the session ends on the server. Whatever the server
 * answers, the visitor is logged out here, as the full app's logout also does.
 */
export function endSession(): void {
  clearSession();
  void logout().catch(() => undefined);
}

/** The session ended on the server (a password reset): the user is cleared here too. */
export function clearSession(): void {
  decided = true;
  setSessionUser(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): ShellSession {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
