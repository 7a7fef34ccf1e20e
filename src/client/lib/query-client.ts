import { QueryClient } from '@tanstack/react-query';

/** Data loaded by GET is never stale, not refetched on focus, and never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
