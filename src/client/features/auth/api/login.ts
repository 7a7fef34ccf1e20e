import type { TLoginRequest } from '@shared/schemas/auth.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';

/**
 * 200 with the user; the server sets the session cookie. A plain call (no TanStack Query): the
 * login page also runs on the light shell; the form hands the user to the shell's startSession.
 */
export function login(body: TLoginRequest): Promise<TUser> {
  return api.post<TUser>('/api/login', body);
}
