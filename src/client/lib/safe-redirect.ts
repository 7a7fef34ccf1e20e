import type { Role } from '@shared/constants.ts';
import { homePath, landingPath, sitePath } from '@shared/site-path.ts';

/**
 * The `next` a guard put in the login URL, if it is a path on this site. Anything else (another
 * origin, protocol-relative "//evil.example" or "/\evil.example", the login page itself) is
 * ignored, so the parameter cannot be used to send people elsewhere.
 */
export function safeNextPath(raw: string | null): string | null {
  const path = raw === null ? null : sitePath(raw);
  if (path === null || path.split(/[?#]/, 1)[0] === '/login') return null;
  return path;
}

export { homePath };

/** Where a person lands after logging in: the `next` a guard asked for when it is a path on this site, else where they work. */
export function afterLoginPath(role: Role, next: string | null): string {
  return landingPath(role, next);
}
