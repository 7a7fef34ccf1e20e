import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { pageKindOf } from './page-kinds';
import { PagePlaceholder } from './page-placeholders';
import { ContentLocationKeyContext, LiveLocationKeyContext } from './stage-context';

const MotionStage = lazy(() => import('./motion-stage'));

export interface PageTransitionProps {
  renderRoute: (location: Location) => ReactNode;
  /** Starts downloading what a route needs as soon as the user navigates there. */
  preloadRoute: (pathname: string) => void;
  /** The app was started by a navigation on a light public page: that first page animates in too. */
  animateFirst: boolean;
}

/**
 * The first page of a direct load renders at once and without animation. From the first
 * navigation on, the animated stage takes over: motion is downloaded then, during the
 * placeholder's delay, so it never weighs on a first load.
 */
export function PageTransition({ renderRoute, preloadRoute, animateFirst }: PageTransitionProps) {
  const location = useLocation();
  const [firstKey] = useState(location.key);
  const [animated, setAnimated] = useState(animateFirst);
  if (!animated && location.key !== firstKey) setAnimated(true);

  useEffect(() => preloadRoute(location.pathname), [preloadRoute, location.pathname]);

  return (
    <LiveLocationKeyContext value={location.key}>
      {animated ? (
        <Suspense fallback={<PagePlaceholder kind={pageKindOf(location.pathname)} />}>
          <MotionStage location={location} renderRoute={renderRoute} />
        </Suspense>
      ) : (
        <ContentLocationKeyContext value={location.key}>{renderRoute(location)}</ContentLocationKeyContext>
      )}
    </LiveLocationKeyContext>
  );
}
