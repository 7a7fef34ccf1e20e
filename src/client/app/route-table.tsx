import { APP_ROUTE_PATTERNS, ASSISTANTS_PAGE_PATH, CREATOR_PAGE_PATH, normalisePath } from '@shared/routes.ts';
import { WORKSPACE_SECTIONS, workspaceSectionPath } from '@shared/workspace-routes.ts';
import { Suspense } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router';
import {
  AREA_MESSAGES,
  GuestGate,
  guestPages,
  homePage,
  lazyPage,
  lightPageAt,
  patternedPublicPage,
  PublicGate,
  publicPages,
  type LazyPage,
} from './public-pages';
import { RequireAuth } from './require-auth';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { pageKindOf } from '@/components/placeholders/page-kinds';

const notFoundPage = lazyPage(() => import('@/routes/not-found'));

/** Pages that need a session to be useful; unknown visitors are sent to /login. */
const dashboardPage = lazyPage(() => import('@/routes/dashboard'), ['account', 'builder', 'team', AREA_MESSAGES]);
const guardedPages: Record<string, LazyPage> = {
  '/dashboard': dashboardPage,
  ...Object.fromEntries(WORKSPACE_SECTIONS.map((section) => [workspaceSectionPath(section), dashboardPage])),
  '/certificates': lazyPage(() => import('@/routes/certificates'), ['learning', AREA_MESSAGES]),
  '/profile': lazyPage(() => import('@/routes/profile'), ['account', AREA_MESSAGES]),
  '/learn': lazyPage(() => import('@/routes/learn'), ['learning', 'paths', AREA_MESSAGES]),
  '/paths': lazyPage(() => import('@/routes/paths'), ['paths', 'account', 'team', AREA_MESSAGES]),
  '/audit-log': lazyPage(() => import('@/routes/audit-log'), ['privacy', AREA_MESSAGES]),
  '/billing': lazyPage(() => import('@/routes/billing'), ['account', AREA_MESSAGES]),
  '/notifications': lazyPage(() => import('@/routes/notifications'), ['notifications']),
  '/compliance': lazyPage(() => import('@/routes/compliance'), ['compliance', 'team', AREA_MESSAGES]),
  // The AI course creator's wizard (the public /course-creator presents it) and the AI assistants.
  [CREATOR_PAGE_PATH]: lazyPage(() => import('@/routes/workspace-creator'), ['creator-wizard', 'page-course-creator']),
  [ASSISTANTS_PAGE_PATH]: lazyPage(() => import('@/routes/workspace-assistants'), ['page-ai-assistant']),
};

/** Guarded pages with a parameter: the course builder (its code, dnd-kit included, loads only here), the compliance reports of one person or course, the player. */
const builderPage = lazyPage(() => import('@/routes/course-builder'), ['builder', 'lesson-editors', AREA_MESSAGES]);
const guardedPatterns: { path: string; pattern: RegExp; page: LazyPage }[] = [
  { path: '/dashboard/courses/:courseId', pattern: APP_ROUTE_PATTERNS.courseBuilder, page: builderPage },
  {
    path: '/compliance/people/:userId',
    pattern: APP_ROUTE_PATTERNS.compliancePerson,
    page: lazyPage(() => import('@/routes/compliance-person'), ['compliance', AREA_MESSAGES]),
  },
  {
    path: '/compliance/courses/:courseId',
    pattern: APP_ROUTE_PATTERNS.complianceCourse,
    page: lazyPage(() => import('@/routes/compliance-course'), ['compliance', AREA_MESSAGES]),
  },
  {
    path: '/learn/:courseId/:lessonId?',
    pattern: APP_ROUTE_PATTERNS.player,
    page: lazyPage(() => import('@/routes/player'), ['learning', 'lesson-editors', AREA_MESSAGES]),
  },
];

/** Pages with a parameter that need no session: an invitation link. */
const invitationPage = lazyPage(() => import('@/routes/invitation'), ['team', AREA_MESSAGES]);
const otherPatterns: { path: string; pattern: RegExp; page: LazyPage }[] = [
  { path: '/invite/:token', pattern: APP_ROUTE_PATTERNS.invitation, page: invitationPage },
];

const otherPages: Record<string, LazyPage> = {
  '/cvr-test': lazyPage(() => import('@/routes/cvr-test'), ['cvr', 'messages']),
  // The mails an installation without SMTP keeps, for whoever has its key: a tool for whoever runs
  // it, so it costs the public pages' first load nothing and boots the full app.
  '/dev/mail': lazyPage(() => import('@/routes/dev-mail'), ['notifications']),
};

/**
 * Any other address: a public page with a parameter (a course's page or preview, a certificate's
 * verification, a mailed link, a resource), found as the light shell finds it, or the 404 page.
 */
function PatternedPublicPage() {
  // The location the page transition shows (Routes hands it down), as every other route gets it.
  const path = normalisePath(useLocation().pathname);
  const page = patternedPublicPage(path);
  if (!page) return <notFoundPage.Component />;
  return (
    // A reset link's page is a form; the others are content.
    <PublicGate kind={APP_ROUTE_PATTERNS.resetPassword.test(path) ? 'form' : 'content'}>
      <page.Component />
    </PublicGate>
  );
}

/** Starts downloading what the page at `pathname` needs. */
export function preloadRoute(pathname: string): void {
  const path = normalisePath(pathname);
  const patterned = [...guardedPatterns, ...otherPatterns].find(({ pattern }) => pattern.test(path))?.page;
  void (lightPageAt(path) ?? guardedPages[path] ?? patterned ?? otherPages[path] ?? notFoundPage).preload().catch(() => undefined);
}

/** The app's route table, rendered for the location the page transition is showing. */
export function renderRoute(location: Location) {
  return (
    // Only a page whose code is still downloading suspends; its placeholder shows after the 300 ms placeholder delay.
    <Suspense fallback={<DelayedPlaceholder kind={pageKindOf(location.pathname)} />}>
      <Routes location={location}>
        <Route
          path="/"
          element={
            <PublicGate kind="landing">
              <homePage.Component />
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
        {Object.entries(guestPages).map(([path, { Component }]) => (
          <Route
            key={path}
            path={path}
            element={
              <GuestGate kind={pageKindOf(path)}>
                <Component />
              </GuestGate>
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
        {guardedPatterns.map(({ path, page: { Component } }) => (
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
        {otherPatterns.map(({ path, page: { Component } }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        {Object.entries(otherPages).map(([path, { Component }]) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<PatternedPublicPage />} />
      </Routes>
    </Suspense>
  );
}
