import type { TSsoLookup } from '@shared/schemas/sso.ts';
import { api } from '@/lib/api-client';

// Plain calls, without TanStack Query: the login form runs on the light shell too.

/** Whether an address logs in at its company's provider (the login page asks as the address is typed). */
export function lookupSso(email: string, signal?: AbortSignal): Promise<TSsoLookup> {
  return api.get<TSsoLookup>(`/api/auth/sso/lookup?email=${encodeURIComponent(email)}`, signal);
}

/** Where the browser goes to log in at the provider; the server sends it on. */
export function ssoStartUrl(params: { email?: string; org?: string; next?: string | null; remember?: boolean }): string {
  const query = new URLSearchParams();
  if (params.email) query.set('email', params.email);
  if (params.org) query.set('org', params.org);
  if (params.next) query.set('next', params.next);
  if (params.remember) query.set('remember', 'true');
  return `/api/auth/sso/start?${query.toString()}`;
}
