import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreated, TApiKeyList, TCreateApiKeyRequest } from '@shared/schemas/api-keys.ts';
import { api, apiRequest } from '@/lib/api-client';

const KEYS = ['organisation', 'api-keys'] as const;

/** The company's API keys, without their secrets (admins). */
export function useApiKeys() {
  return useQuery({ queryKey: KEYS, queryFn: ({ signal }) => api.get<TApiKeyList>('/api/organisation/api-keys', signal) });
}

/** Makes a key; the answer carries its secret this once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest) => apiRequest<TApiKeyCreated>('POST', '/api/organisation/api-keys', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<TApiKey>('DELETE', `/api/organisation/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}
