import { normalisePath } from '@shared/routes.ts';
import { Suspense } from 'react';
import { Route, Routes, type Location } from 'react-router';
import HomeRoute from '@/routes/home';
import { lazyPage, preloadPublicPage, PublicGate, publicPages, type LazyPage } from './public-pages';
import { RequireAuth } from './require-auth';
import { pageKindOf } from './transitions/page-kinds';
import { PagePlaceholder } from './transitions/page-placeholders';

const notFoundPage = lazyPage(() => import('@/routes/not-found'));

/** Pages that need a session to be useful; unknown visitors are sent to /login. */
const guardedPages: Record<string, LazyPage> = {
  '/dashboard': lazyPage(() => import('@/routes/dashboard'), ['account']),
  '/profile': lazyPage(() => import('@/routes/profile'), ['account', 'messages']),
};

const otherPages: Record<string, LazyPage> = {
  '/register': lazyPage(() => import('@/routes/register'), ['auth', 'cvr', 'messages']),
  '/login': lazyPage(() => import('@/routes/login'), ['auth', 'messages']),
  '/cvr-test': lazyPage(() => import('@/routes/cvr-test'), ['cvr', 'messages']),
};

/** Starts downloading what the page at `pathname` needs; the front page is always loaded. */
export function preloadRoute(pathname: string): void {
  const path = normalisePath(pathname);
  if (path === '/') return;
  if (Object.hasOwn(publicPages, path)) return preloadPublicPage(path);
  void (guardedPages[path] ?? otherPages[path] ?? notFoundPage).preload().catch(() => undefined);
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
        {Object.entries(publicPages).map(([path, { Component }]) => (
          <Route
            key={path}
            path={path}
            element={
              <PublicGate kind={pageKindOf(path)}>
                <Component />
              </PublicGate>
            }
          />
        ))}
        {Object.entries(guardedPages).map(([path, { Component }]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireAuth kind={pageKindOf(path)}>
                <Component />
              </RequireAuth>
            }
          />
        ))}
        {Object.entries(otherPages).map(([path, { Component }]) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<notFoundPage.Component />} />
      </Routes>
    </Suspense>
  );
}
