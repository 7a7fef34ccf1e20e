import { normalisePath } from '@shared/routes.ts';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ShellContext, type NavigateOptions, type Shell } from '@/lib/shell-context';
import { GuestGate, isLightPath, isPublicPath, lightPageAt, PublicGate } from '../public-pages';
import { SiteFrame } from '../site-frame';
import { ToastsHost } from '../toasts-host';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { pageKindOf } from '@/components/placeholders/page-kinds';
import { PageEnter, useHasNavigated } from '../transitions/page-enter';
import { preloadFullApp } from './boot';
import { LightLink } from './light-link';
import { clearSession, endSession, startSession, useSession } from './session-store';

function LightPage({ pathname }: { pathname: string }) {
  const kind = pageKindOf(pathname);
  const page = lightPageAt(pathname);
  // A page whose code has arrived is rendered as it is: through React.lazy its first render would
  // suspend once more and show it only after Suspense's reveal delay (300 ms, Lighthouse's LCP).
  // Decided once per page on screen, so the page is never mounted again.
  const [Ready] = useState(() => page?.ready());
  if (!page) return <DelayedPlaceholder kind={kind} />;
  // One still downloading shows its placeholder late.
  const content = Ready ? (
    <Ready />
  ) : (
    <Suspense fallback={<DelayedPlaceholder kind={kind} />}>
      <page.Component />
    </Suspense>
  );
  if (isPublicPath(pathname)) return <PublicGate kind={kind}>{content}</PublicGate>;
  return <GuestGate kind={kind}>{content}</GuestGate>;
}

interface LightLocation {
  pathname: string;
  search: string;
  /** Tells history entries apart, as React Router's location key does (and with the same value). */
  key: string;
}

function currentLocation(): LightLocation {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state !== null && 'key' in state ? String(state.key) : 'default';
  return { pathname: normalisePath(window.location.pathname), search: window.location.search, key };
}

/** React Router tells locations apart by the key in history.state; the new entry gets its own. */
function newHistoryState(): { key: string } {
  return { key: Math.random().toString(36).slice(2, 10) };
}

/**
 * The shell of a light page loaded directly (ADR 007, 008). Navigating to another light page
 * renders it here at once (its code was fetched on intent); navigating anywhere else puts the
 * target in the address bar and starts the full app, which renders that address. If the app
 * cannot be downloaded, the page is loaded normally.
 */
export function LightApp({ boot }: { boot: () => Promise<void> }) {
  const session = useSession();
  const [location, setLocation] = useState(currentLocation);
  const navigated = useHasNavigated(location.key);
  const [leaving, setLeaving] = useState(false);
  const booting = useRef(false);

  const startApp = useCallback(
    (pathname: string) => {
      preloadFullApp(pathname);
      setLeaving(true);
      if (booting.current) return;
      booting.current = true;
      boot().catch(() => window.location.reload());
    },
    [boot],
  );

  // Back or forward: the page follows the address bar (or the app starts, for another page).
  useEffect(() => {
    const follow = () => {
      const next = currentLocation();
      if (isLightPath(next.pathname)) setLocation(next);
      else startApp(next.pathname);
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [startApp]);

  const navigate = useCallback(
    (to: string, options?: NavigateOptions) => {
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      const path = `${url.pathname}${url.search}${url.hash}`;
      // As with React Router's links, a link to the page on screen replaces its history entry.
      const here = path === `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const state = newHistoryState();
      window.history[here || options?.replace ? 'replaceState' : 'pushState'](state, '', path);
      if (isLightPath(url.pathname)) {
        setLocation({ pathname: normalisePath(url.pathname), search: url.search, key: state.key });
      } else {
        startApp(url.pathname);
      }
    },
    [startApp],
  );

  const shell = useMemo<Shell>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      Link: LightLink,
      navigate,
      session,
      startSession,
      // Logging out ends on the front page.
      logout: () => {
        endSession();
        if (location.pathname !== '/') navigate('/');
      },
      sessionEnded: clearSession,
      logoutPending: false,
    }),
    [location.pathname, location.search, navigate, session],
  );

  return (
    <ShellContext value={shell}>
      <SiteFrame>
        {leaving ? (
          <DelayedPlaceholder kind={pageKindOf(window.location.pathname)} />
        ) : (
          <PageEnter key={location.key} animate={navigated}>
            <LightPage pathname={location.pathname} />
          </PageEnter>
        )}
      </SiteFrame>
      <ToastsHost />
    </ShellContext>
  );
}
