import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { meQueryKey, useMe } from '@/lib/me';
import { clearAccountQueries, useLogout } from '@/features/identity/auth/api/logout';
import { sessionOf, ShellContext, type Shell, type ShellLinkProps } from '@/lib/shell-context';

function RouterLink(props: ShellLinkProps) {
  return <Link {...props} />;
}

/** The full app's shell: links and location from React Router, the session from the ['me'] query. */
export function RouterShell({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const { mutate: endSession, isPending: logoutPending } = useLogout();

  const shell = useMemo<Shell>(
    () => ({
      pathname,
      search,
      Link: RouterLink,
      navigate: (to, options) => void navigate(to, { replace: options?.replace ?? false }),
      session: sessionOf(me.isPending ? undefined : me.data),
      startSession: (user) => queryClient.setQueryData(meQueryKey, user),
      // Logging out: the front page shows at once, then the session ends on the server and the user is
      // cleared. Leaving first means an account page is never asked to render without a user.
      logout: () => {
        void navigate('/');
        endSession();
      },
      sessionEnded: () => clearAccountQueries(queryClient),
      logoutPending,
    }),
    [pathname, search, navigate, queryClient, me.isPending, me.data, endSession, logoutPending],
  );
  return <ShellContext value={shell}>{children}</ShellContext>;
}
