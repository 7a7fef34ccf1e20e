import type { TPasskeyOptions } from '@shared/schemas/passkeys.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';
import { getPasskey } from './webauthn';

// Plain calls, without TanStack Query: the login page runs on the light shell too.

/** A login with a passkey alone, without a password. */
export async function loginWithPasskey(rememberMe: boolean): Promise<TLoginResponse> {
  const options = await api.post<TPasskeyOptions>('/api/login/passkey/options');
  const credential = await getPasskey(options);
  return api.post<TLoginResponse>('/api/login/passkey', { credential, rememberMe });
}

/** A login's second step with a passkey, for the login waiting in the challenge cookie. */
export async function passkeySecondFactor(): Promise<TLoginResponse> {
  const options = await api.post<TPasskeyOptions>('/api/login/2fa/passkey/options');
  const credential = await getPasskey(options);
  return api.post<TLoginResponse>('/api/login/2fa/passkey', { credential });
}
