import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompanyDomain, TCompanyDomainList } from '@shared/schemas/company-domains.ts';
import { api, apiRequest } from '@/lib/api-client';

const domainsKey = ['company-email-domains'] as const;

/** The company's e-mail domains (GET /api/organisation/domains, admins). */
export function useCompanyDomains() {
  return useQuery({
    queryKey: domainsKey,
    queryFn: ({ signal }) => api.get<TCompanyDomainList>('/api/organisation/domains', signal),
  });
}

/** Adding, verifying and removing a domain; the list is read again after each. */
export function useCompanyDomainActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: domainsKey });
  return {
    add: useMutation({
      mutationFn: (domain: string) => apiRequest<TCompanyDomain>('POST', '/api/organisation/domains', { body: { domain } }),
      onSuccess: onSettled,
    }),
    verify: useMutation({
      mutationFn: (id: string) => apiRequest<TCompanyDomain>('POST', `/api/organisation/domains/${encodeURIComponent(id)}/verify`),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<TCompanyDomainList>('DELETE', `/api/organisation/domains/${encodeURIComponent(id)}`),
      onSettled,
    }),
  };
}
