import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '@shared/schemas/config.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function fetchPublicConfig(signal?: AbortSignal): Promise<TPublicConfig> {
  return api.get<TPublicConfig>('/api/public-config', signal);
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) => fetchPublicConfig(signal),
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
