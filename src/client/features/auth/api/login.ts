import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest } from '@shared/schemas/auth.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function login(body: TLoginRequest): Promise<TUser> {
  return api.post<TUser>('/api/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
