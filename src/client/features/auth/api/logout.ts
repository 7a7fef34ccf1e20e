import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOkResponse } from '@shared/schemas/common.ts';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function logout(): Promise<TOkResponse> {
  return api.post<TOkResponse>('/api/logout');
}

/** Whatever the server answers, the user is logged out here and no account data stays cached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
