import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRegisterRequest } from '@shared/schemas/auth.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

/** 201 with the new user; the server also sets the session cookie, so the user is logged in. */
export function register(body: TRegisterRequest): Promise<TUser> {
  return api.post<TUser>('/api/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
