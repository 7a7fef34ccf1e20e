import { preloadRoute, renderRoute } from './route-table';
import { SiteFrame } from './site-frame';
import { PageTransition } from './transitions/page-transition';

export function RootLayout({ animateFirst }: { animateFirst: boolean }) {
  return (
    <SiteFrame>
      <PageTransition renderRoute={renderRoute} preloadRoute={preloadRoute} animateFirst={animateFirst} />
    </SiteFrame>
  );
}
