import { normalisePath } from '@shared/routes.ts';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import HomeRoute from '@/routes/home';
import { ShellContext, type Shell } from '@/lib/shell-context';
import { PublicGate, publicPages } from '../public-pages';
import { SiteFrame } from '../site-frame';
import { ToastsHost } from '../toasts-host';
import { pageKindOf } from '../transitions/page-kinds';
import { PagePlaceholder } from '../transitions/page-placeholders';
import { preloadFullApp } from './boot';
import { LightLink } from './light-link';
import { endSession, useSession } from './session-store';

function LightPage({ pathname }: { pathname: string }) {
  const page = publicPages[pathname];
  const kind = pageKindOf(pathname);
  return (
    <PublicGate kind={kind}>
      {page ? (
        <Suspense fallback={<PagePlaceholder kind={kind} />}>
          <page.Component />
        </Suspense>
      ) : (
        <HomeRoute />
      )}
    </PublicGate>
  );
}

/** React Router tells locations apart by the key in history.state; the new entry gets its own. */
function newHistoryState(): { key: string } {
  return { key: Math.random().toString(36).slice(2, 10) };
}

/**
 * The shell of a public page loaded directly (see boot.ts). Navigating puts the target in the
 * address bar, shows its placeholder at once and starts the full app, which renders that address
 * with the usual page transition. If the app cannot be downloaded, the page is loaded normally.
 */
export function LightApp({ boot }: { boot: () => Promise<void> }) {
  const session = useSession();
  const [pathname, setPathname] = useState(() => normalisePath(window.location.pathname));
  const [leaving, setLeaving] = useState(false);
  const booting = useRef(false);

  // Back or forward before the app has taken over: the header follows the address bar.
  useEffect(() => {
    const follow = () => setPathname(normalisePath(window.location.pathname));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const navigate = useCallback(
    (to: string) => {
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      const path = `${url.pathname}${url.search}${url.hash}`;
      // As with React Router's links, a link to the page on screen replaces its history entry.
      const here = path === `${window.location.pathname}${window.location.search}${window.location.hash}`;
      window.history[here ? 'replaceState' : 'pushState'](newHistoryState(), '', path);
      preloadFullApp(url.pathname);
      setPathname(normalisePath(url.pathname));
      setLeaving(true);
      if (booting.current) return;
      booting.current = true;
      boot().catch(() => window.location.reload());
    },
    [boot],
  );

  const shell = useMemo<Shell>(
    () => ({
      pathname,
      Link: LightLink,
      navigate,
      session,
      // SPEC §4: logout ends on the front page; elsewhere that first navigation starts the app.
      logout: () => {
        endSession();
        if (pathname !== '/') navigate('/');
      },
      logoutPending: false,
    }),
    [pathname, navigate, session],
  );

  return (
    <ShellContext value={shell}>
      <SiteFrame>{leaving ? <PagePlaceholder kind={pageKindOf(pathname)} /> : <LightPage pathname={pathname} />}</SiteFrame>
      <ToastsHost />
    </ShellContext>
  );
}
