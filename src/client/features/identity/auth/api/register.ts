import type { TRegisterRequest } from '@shared/schemas/auth.ts';
import type { TUser } from '@shared/schemas/users.ts';
import type { TConfirmRegistrationRequest, TRegisterClaimPending } from '@shared/schemas/verification.ts';
import { api } from '@/lib/api-client';

/**
 * Plain calls, as login's, so /register runs on the light shell: the form hands the user to the
 * shell's startSession.
 *
 * 201 with the new user; the server also sets the session cookie, so the user is logged in.
 * 202 when an unconfirmed company holds the CVR: a code went out to prove control.
 */
export function register(body: TRegisterRequest): Promise<TUser | TRegisterClaimPending> {
  return api.post<TUser | TRegisterClaimPending>('/api/register', body);
}

export function isClaimPending(result: TUser | TRegisterClaimPending): result is TRegisterClaimPending {
  return 'status' in result && result.status === 'claim_pending';
}

/** POST /api/register/confirm: the mailed code moves the company to the registrant and logs them in. */
export function confirmRegistration(body: TConfirmRegistrationRequest): Promise<TUser> {
  return api.post<TUser>('/api/register/confirm', body);
}
