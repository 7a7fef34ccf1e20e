import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAiStatus } from '@shared/schemas/ai.ts';
import { api } from '@/lib/api-client';

/** GET /api/ai/status: whether a provider is configured ('Setup Required' when not). */
export const getAiStatus = (signal?: AbortSignal) => api.get<TAiStatus>('/api/ai/status', signal);

/** Keyed by who asks: an admin's answer carries the provider and usage, anyone else's does not. */
export const aiStatusQuery = (userId: string | null) =>
  queryOptions({ queryKey: ['ai-status', userId] as const, queryFn: ({ signal }) => getAiStatus(signal) });

export function useAiStatus(userId: string | null) {
  return useQuery(aiStatusQuery(userId));
}
