import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPasskey, TPasskeyAdded, TPasskeyList, TPasskeyOptions } from '@shared/schemas/passkeys.ts';
import { api, apiRequest } from '@/lib/api-client';
import { createPasskey } from './webauthn';

const LIST = ['me', '2fa', 'passkeys'] as const;
const STATUS = ['me', '2fa'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: LIST, queryFn: ({ signal }) => api.get<TPasskeyList>('/api/me/2fa/passkeys', signal) });
}

/** The server's options, the browser's dialog, and the new passkey kept under `name`. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.post<TPasskeyOptions>('/api/me/2fa/passkeys/options');
      const credential = await createPasskey(options);
      return api.post<TPasskeyAdded>('/api/me/2fa/passkeys', { name, credential });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch<TPasskey>(`/api/me/2fa/passkeys/${encodeURIComponent(id)}`, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      apiRequest<{ ok: true }>('DELETE', `/api/me/2fa/passkeys/${encodeURIComponent(id)}`, { body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

/** An admin resets a member's second factor. */
export function useResetMemberTwoFactor() {
  return useMutation({
    mutationFn: (memberId: string) => apiRequest<{ ok: true }>('DELETE', `/api/members/${encodeURIComponent(memberId)}/2fa`),
  });
}
