import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginSecondFactor, TRecoveryCodes, TTotpSetup, TTwoFactorStatus } from '@shared/schemas/two-factor.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { api, apiRequest } from '@/lib/api-client';

const STATUS = ['me', '2fa'] as const;

/** Whether the person signs in with an authenticator app, and their recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: STATUS, queryFn: ({ signal }) => api.get<TTwoFactorStatus>('/api/me/2fa', signal) });
}

/** A new secret and its QR code; nothing changes until confirmed. */
export function useBeginTotp() {
  return useMutation({ mutationFn: () => api.post<TTotpSetup>('/api/me/2fa/totp') });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TRecoveryCodes>('/api/me/2fa/totp/confirm', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<{ ok: true }>('DELETE', '/api/me/2fa/totp', { body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

export function useNewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<TRecoveryCodes>('/api/me/2fa/recovery-codes', { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS }),
  });
}

/** A login's second step (a plain call: the login page runs on the light shell too). */
export function loginSecondFactor(body: TLoginSecondFactor): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/login/2fa', body);
}
