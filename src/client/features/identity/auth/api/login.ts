import type { TLoginRequest } from '@shared/schemas/auth.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';

/**
 * 200 with the user and whether it was their first login; the server sets the session cookie. A
 * plain call (no TanStack Query): the login page also runs on the light shell; the form hands the
 * user to the shell's startSession.
 */
export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/login', body);
}
