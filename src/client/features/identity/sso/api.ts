import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGroup } from '@shared/schemas/compliance.ts';
import type { TSsoSettings, TSsoSettingsUpdate } from '@shared/schemas/sso.ts';
import { api, apiRequest } from '@/lib/api-client';

const SSO = ['organisation', 'sso'] as const;

/** The company's single sign-on settings (admins). */
export function useSsoSettings() {
  return useQuery({ queryKey: SSO, queryFn: ({ signal }) => api.get<TSsoSettings>('/api/organisation/sso', signal) });
}

export function useSaveSsoSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: TSsoSettingsUpdate) => apiRequest<TSsoSettings>('PUT', '/api/organisation/sso', { body: update }),
    onSuccess: (answer) => client.setQueryData(SSO, answer),
  });
}

/** The company's groups, for mapping the provider's groups to. */
export function useGroupChoices() {
  return useQuery({
    queryKey: [...SSO, 'groups'],
    queryFn: ({ signal }) => api.get<{ groups: TGroup[] }>('/api/groups', signal),
  });
}
