import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomDomain } from '@shared/schemas/custom-domain.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The company's own domain for its site (GET /api/organisation/domain). */
export type CustomDomain = TCustomDomain;

const domainKey = ['company-domain'] as const;

export function useCustomDomain() {
  return useQuery({ queryKey: domainKey, queryFn: ({ signal }) => api.get<CustomDomain>('/api/organisation/domain', signal) });
}

/** Adding (or replacing), checking DNS for, and removing the domain; each answers the domain's state. */
export function useCustomDomainActions() {
  const queryClient = useQueryClient();
  const onSuccess = (domain: CustomDomain) => queryClient.setQueryData(domainKey, domain);
  return {
    save: useMutation({
      mutationFn: (domain: string) => apiRequest<CustomDomain>('PUT', '/api/organisation/domain', { body: { domain } }),
      onSuccess,
    }),
    verify: useMutation({ mutationFn: () => apiRequest<CustomDomain>('POST', '/api/organisation/domain/verify'), onSuccess }),
    remove: useMutation({ mutationFn: () => apiRequest<CustomDomain>('DELETE', '/api/organisation/domain'), onSuccess }),
  };
}
