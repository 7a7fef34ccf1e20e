import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { meQueryOptions } from '@/lib/me';
import { installLeaveGuard } from '@/lib/leave-guard';
import { createQueryClient } from '@/lib/query-client';
import { App } from '../app';
import { getSession, loadSession } from './session-store';

export { preloadRoute } from '../route-table';

/**
 * The full app's entry, downloaded on demand (see boot.ts). Its query cache starts with the
 * session the page already has, or with the check already under way, so the navigation neither
 * asks the server again nor flashes a logged-out header or a skeleton.
 */
export function renderFullApp(root: Root, { animateFirst }: { animateFirst: boolean }): void {
  // Before React Router, which the render below starts, adds its own popstate listener (see
  // lib/leave-guard.ts); only the full app has pages with unsaved work to guard.
  installLeaveGuard();
  const queryClient = createQueryClient();
  const session = getSession();
  if (session.status === 'loading') {
    void queryClient.prefetchQuery({ ...meQueryOptions, queryFn: () => loadSession() });
  } else {
    queryClient.setQueryData(meQueryOptions.queryKey, session.user);
  }
  root.render(
    <StrictMode>
      <App queryClient={queryClient} animateFirst={animateFirst} />
    </StrictMode>,
  );
}
