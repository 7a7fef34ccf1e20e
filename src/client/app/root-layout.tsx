import { useLocation } from 'react-router';
import { isWorkspacePath } from '@shared/workspace-routes.ts';
import { preloadRoute, renderRoute } from './route-table';
import { SiteFrame } from './site-frame';
import { PageTransition } from './transitions/page-transition';
import { useWorkspaceInset, WorkspaceChrome } from './workspace/workspace-frame';

/** The public site's frame, or the workspace's for the pages of logged-in work. */
export function RootLayout({ animateFirst }: { animateFirst: boolean }) {
  const { pathname } = useLocation();
  const inset = useWorkspaceInset();
  return (
    <SiteFrame workspace={isWorkspacePath(pathname) ? { chrome: <WorkspaceChrome />, inset } : undefined}>
      <PageTransition renderRoute={renderRoute} preloadRoute={preloadRoute} animateFirst={animateFirst} />
    </SiteFrame>
  );
}
