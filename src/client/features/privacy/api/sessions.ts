import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSessionList, TSessionsEnded } from '@shared/schemas/company-domains.ts';
import { api, apiRequest } from '@/lib/api-client';

const ownKey = ['own-sessions'] as const;

/** Where one is logged in (GET /api/me/sessions). */
export function useOwnSessions() {
  return useQuery({ queryKey: ownKey, queryFn: ({ signal }) => api.get<TSessionList>('/api/me/sessions', signal) });
}

export function useEndOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<TSessionsEnded>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownKey }),
  });
}
