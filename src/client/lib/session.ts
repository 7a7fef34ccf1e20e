import type { TOkResponse } from '@shared/schemas/common.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';

/**
 * The session requests without any caching library, so the light shell of the public pages can
 * use them too; the TanStack Query hooks in me.ts and the auth feature's logout.ts wrap these same calls.
 */

/**
 * A failed session check means "logged out", silently (no error state, no log). It asks
 * GET /api/session, which answers 200 with `null` for a visitor who is not logged in: GET /api/me's
 * 401 would make the browser log a failed request on every logged-out page. A network
 * failure or a 5xx also counts as logged out.
 */
export async function fetchMe(signal?: AbortSignal): Promise<TUser | null> {
  try {
    return await api.get<TUser | null>('/api/session', signal);
  } catch {
    return null;
  }
}

/** Ends the session on the server; a session from the company's identity provider is also told where the provider's own logout is. */
export function logout(): Promise<TOkResponse & { providerLogoutUrl?: string }> {
  return api.post('/api/logout');
}
