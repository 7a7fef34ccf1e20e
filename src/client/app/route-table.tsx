import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, type Location } from 'react-router';
import { i18n, initI18n } from '@/lib/i18n';
import HomeRoute from '@/routes/home';
import { PublicGate, RequireAuth } from './session-gates';
import { pageKindOf } from './transitions/page-kinds';
import { PagePlaceholder } from './transitions/page-placeholders';

interface LazyRoute {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

/** A route's code and its translation namespaces load together, so it suspends only once. */
function lazyRoute(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []): LazyRoute {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    pending ??= Promise.all([load(), initI18n().then(() => i18n.loadNamespaces(namespaces))]).then(([module]) => module);
    // A failed download may succeed later (flaky network); let the next attempt retry.
    pending.catch(() => (pending = undefined));
    return pending;
  };
  return { Component: lazy(preload), preload };
}

const pages = {
  platform: lazyRoute(() => import('@/routes/platform'), ['pages']),
  courses: lazyRoute(() => import('@/routes/courses'), ['pages']),
  pricing: lazyRoute(() => import('@/routes/pricing'), ['pages']),
  resources: lazyRoute(() => import('@/routes/resources'), ['pages']),
  courseCreator: lazyRoute(() => import('@/routes/course-creator'), ['pages']),
  aiAssistant: lazyRoute(() => import('@/routes/ai-assistant'), ['pages']),
  register: lazyRoute(() => import('@/routes/register'), ['auth', 'cvr', 'messages']),
  login: lazyRoute(() => import('@/routes/login'), ['auth', 'messages']),
  cvrTest: lazyRoute(() => import('@/routes/cvr-test'), ['cvr', 'messages']),
  dashboard: lazyRoute(() => import('@/routes/dashboard'), ['account']),
  profile: lazyRoute(() => import('@/routes/profile'), ['account', 'messages']),
  notFound: lazyRoute(() => import('@/routes/not-found')),
};

const byPath: Record<string, LazyRoute> = {
  '/platform': pages.platform,
  '/courses': pages.courses,
  '/pricing': pages.pricing,
  '/resources': pages.resources,
  '/course-creator': pages.courseCreator,
  '/ai-assistant': pages.aiAssistant,
  '/register': pages.register,
  '/login': pages.login,
  '/cvr-test': pages.cvrTest,
  '/dashboard': pages.dashboard,
  '/profile': pages.profile,
};

export function preloadRoute(pathname: string): void {
  if (pathname === '/') return;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  void (byPath[path] ?? pages.notFound).preload().catch(() => undefined);
}

const publicPaths = new Set(['/platform', '/courses', '/pricing', '/resources', '/course-creator', '/ai-assistant']);
const guardedPaths = new Set(['/dashboard', '/profile']);

function element(path: string, { Component }: LazyRoute) {
  const kind = pageKindOf(path);
  if (publicPaths.has(path)) return <PublicGate kind={kind}>{<Component />}</PublicGate>;
  if (guardedPaths.has(path)) return <RequireAuth kind={kind}>{<Component />}</RequireAuth>;
  return <Component />;
}

/** SPEC §2's route table, rendered for the location the page transition is showing. */
export function renderRoute(location: Location) {
  return (
    <Suspense fallback={<PagePlaceholder kind={pageKindOf(location.pathname)} />}>
      <Routes location={location}>
        <Route
          path="/"
          element={
            <PublicGate kind="landing">
              <HomeRoute />
            </PublicGate>
          }
        />
        {Object.entries(byPath).map(([path, route]) => (
          <Route key={path} path={path} element={element(path, route)} />
        ))}
        <Route path="*" element={<pages.notFound.Component />} />
      </Routes>
    </Suspense>
  );
}
