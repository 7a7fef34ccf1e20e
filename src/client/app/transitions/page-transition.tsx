import { useEffect, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { PageEnter, useHasNavigated } from './page-enter';
import { ContentLocationKeyContext, LiveLocationKeyContext } from './stage-context';

export interface PageTransitionProps {
  renderRoute: (location: Location) => ReactNode;
  /** Starts downloading what a route needs as soon as the user navigates there. */
  preloadRoute: (pathname: string) => void;
  /** The app was started by a navigation on a light public page: that first page fades in too. */
  animateFirst: boolean;
}

/**
 * The full app's page stage (ADR 008). A page whose code and data are ready shows at once, with a
 * short fade; one that is still loading shows its placeholder after a 300 ms delay (the Suspense
 * fallback and the gates use DelayedPlaceholder). Nothing waits for an exit animation. The first
 * page of a direct load renders without any.
 */
export function PageTransition({ renderRoute, preloadRoute, animateFirst }: PageTransitionProps) {
  const location = useLocation();
  const navigated = useHasNavigated(location.key, animateFirst);

  useEffect(() => preloadRoute(location.pathname), [preloadRoute, location.pathname]);

  return (
    <LiveLocationKeyContext value={location.key}>
      <PageEnter key={location.key} animate={navigated}>
        <ContentLocationKeyContext value={location.key}>{renderRoute(location)}</ContentLocationKeyContext>
      </PageEnter>
    </LiveLocationKeyContext>
  );
}
