import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSiteResponse, ZSubdomainResponse } from '@shared/schemas/catalogue.ts';
import type { z } from 'zod';
import { api, apiRequest } from '@/lib/api-client';

/**
 * GET /api/organisation/site: the company's subdomain and site address (null until one is
 * chosen), and `siteHost`, where sites live, for a preview while typing.
 */
export type CompanySite = TSiteResponse;

/** PUT /api/organisation/subdomain answers ZSubdomainResponse. */
type SubdomainSaved = z.infer<typeof ZSubdomainResponse>;

const siteKey = ['company-site'] as const;

export function useCompanySite(enabled = true) {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => api.get<CompanySite>('/api/organisation/site', signal), enabled });
}

export function useSaveSubdomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subdomain: string) => apiRequest<SubdomainSaved>('PUT', '/api/organisation/subdomain', { body: { subdomain } }),
    onSuccess: (saved) =>
      queryClient.setQueryData<CompanySite>(siteKey, (site) => site && { ...site, subdomain: saved.subdomain, siteUrl: saved.siteUrl }),
  });
}
