import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { ErrorBoundary } from './error-boundary';
import { preloadRoute, renderRoute } from './route-table';
import { PageTransition } from './transitions/page-transition';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <ErrorBoundary>
          <PageTransition renderRoute={renderRoute} preloadRoute={preloadRoute} />
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
