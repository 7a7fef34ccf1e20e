import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/me';
import { logout } from '@/lib/session';

/** The session is over (a logout, a password reset): no user, and no account data stays cached. */
export function clearAccountQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
}

/** Whatever the server answers, the user is logged out here and no account data stays cached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => clearAccountQueries(queryClient),
  });
}
