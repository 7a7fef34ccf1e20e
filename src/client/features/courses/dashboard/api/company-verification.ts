import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCodeSent, TConfirmCodeRequest, TVerificationState } from '@shared/schemas/verification.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const verificationKey = ['company-verification'] as const;

/** GET /api/company/verification: whether the user's company has confirmed control, and how it can. */
export function useCompanyVerification() {
  return useQuery({
    queryKey: verificationKey,
    queryFn: ({ signal }) => api.get<TVerificationState>('/api/company/verification', signal),
  });
}

export function useSendCompanyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: 'company' | 'me') => api.post<TCodeSent>('/api/company/verification/send-code', { to }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKey }),
  });
}

export function useConfirmCompanyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConfirmCodeRequest) => api.post<{ ok: true }>('/api/company/verification/confirm', body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}
