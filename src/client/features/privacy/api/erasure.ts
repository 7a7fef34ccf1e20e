import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompanyDeletion, TDeleteCompanyRequest, TMyErasure, TRetention, TRetentionView } from '@shared/schemas/erasure.ts';
import { api, apiRequest } from '@/lib/api-client';

const MINE = ['me', 'erasure'] as const;

/** The person's own pending erasure, or null. */
export function useMyErasure() {
  return useQuery({ queryKey: MINE, queryFn: ({ signal }) => api.get<TMyErasure>('/api/me/erasure', signal) });
}

/** Asks for the person's erasure with their password; answers the pending erasure. */
export function useEraseMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<TMyErasure>('DELETE', '/api/me', { body: { password } }),
    onSuccess: (answer) => client.setQueryData(MINE, answer),
  });
}

/** Cancels the person's pending erasure. */
export function useCancelMyErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TMyErasure>('DELETE', '/api/me/erasure'),
    onSuccess: (answer) => client.setQueryData(MINE, answer),
  });
}

const RETENTION = ['organisation', 'retention'] as const;

/** The company's retention settings (admins). */
export function useRetention() {
  return useQuery({ queryKey: RETENTION, queryFn: ({ signal }) => api.get<TRetentionView>('/api/organisation/retention', signal) });
}

export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TRetention) => apiRequest<TRetentionView>('PUT', '/api/organisation/retention', { body: settings }),
    onSuccess: (answer) => client.setQueryData(RETENTION, answer),
  });
}

const COMPANY_DELETION = ['organisation', 'deletion'] as const;

/** The company's pending deletion, or null (admins). */
export function useCompanyDeletion() {
  return useQuery({
    queryKey: COMPANY_DELETION,
    queryFn: ({ signal }) => api.get<TCompanyDeletion>('/api/organisation/deletion', signal),
  });
}

/** Asks for the company's deletion with the admin's password and the company's name. */
export function useDeleteCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeleteCompanyRequest) => apiRequest<TCompanyDeletion>('DELETE', '/api/organisation', { body }),
    onSuccess: (answer) => client.setQueryData(COMPANY_DELETION, answer),
  });
}

/** Cancels the company's pending deletion. */
export function useCancelCompanyDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TCompanyDeletion>('DELETE', '/api/organisation/deletion'),
    onSuccess: (answer) => client.setQueryData(COMPANY_DELETION, answer),
  });
}
