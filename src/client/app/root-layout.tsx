import { useLocation } from 'react-router';
import { isWorkspacePath } from '@shared/workspace-routes.ts';
import { preloadRoute, renderRoute } from './route-table';
import { SiteFrame } from './site-frame';
import { useHasNavigated } from './transitions/page-enter';
import { PageTransition } from './transitions/page-transition';
import { WorkspaceFrame } from './workspace/workspace-frame';

/**
 * The public site's frame, or the workspace's for the pages of logged-in work. Going from one to
 * the other mounts the page stage anew, so it is told whether the visitor has navigated already:
 * the page then enters as after any navigation (scrolled to the top, the focus on <main>).
 */
export function RootLayout({ animateFirst }: { animateFirst: boolean }) {
  const location = useLocation();
  const navigated = useHasNavigated(location.key, animateFirst);
  const Frame = isWorkspacePath(location.pathname) ? WorkspaceFrame : SiteFrame;
  return (
    <Frame>
      <PageTransition renderRoute={renderRoute} preloadRoute={preloadRoute} animateFirst={navigated} />
    </Frame>
  );
}
