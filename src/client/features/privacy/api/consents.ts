import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentKind, TConsentList } from '@shared/schemas/legal.ts';
import { api, apiRequest } from '@/lib/api-client';

const consentsKey = ['me', 'consents'] as const;

/** GET /api/me/consents: the consents Kursa keeps about the logged-in person, newest first. */
export function useConsents() {
  return useQuery({
    queryKey: consentsKey,
    queryFn: ({ signal }) => api.get<TConsentList>('/api/me/consents', signal),
  });
}

/** DELETE /api/me/consents/{kind}/{id}: the answer is the list as it is now. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ConsentKind; id: string }) =>
      apiRequest<TConsentList>('DELETE', `/api/me/consents/${kind}/${encodeURIComponent(id)}`),
    onSuccess: (list, { kind }) => {
      queryClient.setQueryData(consentsKey, list);
      // The settings' marketing switch shows the same subscription.
      if (kind === 'newsletter') void queryClient.invalidateQueries({ queryKey: ['newsletter', 'account'] });
    },
  });
}
