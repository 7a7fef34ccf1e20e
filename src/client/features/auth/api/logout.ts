import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me';
import { logout } from './session';

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
