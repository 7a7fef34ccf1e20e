import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const meQueryKey = queryKeys.me;

/** SPEC §4: a failed session check means "logged out", silently (no error state, no log). */
export async function fetchMe(signal?: AbortSignal): Promise<TUser | null> {
  try {
    return await api.get<TUser>('/api/me', signal);
  } catch {
    return null;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
});

export function useMe() {
  return useQuery(meQueryOptions);
}
