import type { TLoginRequest } from '@shared/schemas/auth.ts';
import type { TTwoFactorRequired, TTwoFactorSetupRequired } from '@shared/schemas/two-factor.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';

/**
 * 200 with the user and whether it was their first login; the server sets the session cookie. Or,
 * with two-factor sign-in on, 200 with twoFactorRequired and no session until the second step. A
 * plain call (no TanStack Query): the login page also runs on the light shell; the form hands the
 * user to the shell's startSession.
 */
export function login(body: TLoginRequest): Promise<TLoginResponse | TTwoFactorRequired | TTwoFactorSetupRequired> {
  return api.post<TLoginResponse | TTwoFactorRequired | TTwoFactorSetupRequired>('/api/login', body);
}
