import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/me';
import { logout } from '@/lib/session';

/** The session is over (a logout, a password reset): no user, and no account data stays cached. */
export function clearAccountQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
}

/**
 * Whatever the server answers, the user is logged out here and no account data stays cached. A
 * session from the company's identity provider goes on to the provider's own logout, so the person
 * is logged out there too (the light shell's logout, on public pages, ends Kursa's session only:
 * its first-load budget has no room for it).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await logout();
      if (answer.providerLogoutUrl) window.location.assign(answer.providerLogoutUrl);
      return answer;
    },
    onSettled: () => clearAccountQueries(queryClient),
  });
}
