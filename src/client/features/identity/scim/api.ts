import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TScimSettings, TScimToken, TScimTokenCreated } from '@shared/schemas/scim.ts';
import { api, apiRequest } from '@/lib/api-client';

const SCIM = ['organisation', 'scim'] as const;

/** The company's SCIM base URL and tokens, without their secrets (admins). */
export function useScimSettings() {
  return useQuery({ queryKey: SCIM, queryFn: ({ signal }) => api.get<TScimSettings>('/api/organisation/scim', signal) });
}

/** Makes a token; the answer carries its secret this once. */
export function useCreateScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiRequest<TScimTokenCreated>('POST', '/api/organisation/scim/tokens', { body: { label } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCIM }),
  });
}

export function useRevokeScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<TScimToken>('DELETE', `/api/organisation/scim/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: SCIM }),
  });
}
