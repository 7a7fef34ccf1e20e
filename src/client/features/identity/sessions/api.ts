import { useMutation } from '@tanstack/react-query';
import type { TSessionsEnded } from '@shared/schemas/company-domains.ts';
import { apiRequest } from '@/lib/api-client';

/** An admin signs a member out everywhere. */
export function useEndMemberSessions() {
  return useMutation({
    mutationFn: (memberId: string) => apiRequest<TSessionsEnded>('DELETE', `/api/members/${encodeURIComponent(memberId)}/sessions`),
  });
}
