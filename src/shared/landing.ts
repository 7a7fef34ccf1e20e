import { sitePath } from './site-path.ts';

// Apart from site-path.ts, which every page loads: only the login and its neighbours need these.

/** Where a person works: a learner their learning, an instructor or admin the dashboard. */
export function homePath(role: string): string {
  return role === 'learner' ? '/learn' : '/dashboard';
}

/**
 * The `next` a guard put in the login URL, if it is a path on this site. Anything else (another
 * origin, protocol-relative "//evil.example" or "/\evil.example", the login page itself) is
 * ignored, so the parameter cannot be used to send people elsewhere.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  const path = raw ? sitePath(raw) : null;
  if (path === null || path.split(/[?#]/, 1)[0] === '/login') return null;
  return path;
}

/** Where a person lands after logging in: the `next` a guard asked for when it is a path on this site, else where they work. */
export function landingPath(role: string, next: string | null | undefined): string {
  return safeNextPath(next) ?? homePath(role);
}
