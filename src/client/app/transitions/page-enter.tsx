import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PAGE_TRANSITION } from '@shared/constants.ts';

/**
 * Wraps the page on screen; both shells key it by location, so each navigation mounts a new one.
 * After a navigation (not on a direct load) the window scrolls to the top, focus moves to <main>
 * for keyboard and screen reader users, and the page fades in briefly (ADR 008: at most 200 ms,
 * nothing waits for it). With prefers-reduced-motion the page simply appears.
 */
export function PageEnter({ animate, children }: { animate: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!animate) return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    ref.current?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: PAGE_TRANSITION.fadeMs, easing: 'ease-out' });
  }, [animate]);
  return (
    <div ref={ref} data-testid="page">
      {children}
    </div>
  );
}

/**
 * Whether the visitor has navigated since the page loaded (`initially`: the load itself was a
 * navigation). Once true it stays true, so every later page enters as a navigation: the first one
 * too, on Back.
 */
export function useHasNavigated(locationKey: string, initially = false): boolean {
  const [firstKey] = useState(locationKey);
  const [navigated, setNavigated] = useState(initially);
  if (!navigated && locationKey !== firstKey) setNavigated(true);
  return navigated;
}
