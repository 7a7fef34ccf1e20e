import { lazy, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { APP_ROUTE_PATTERNS, normalisePath } from '@shared/routes.ts';
import { i18n, initI18n, loadAreaMessages, prefetchNamespaces } from '@/lib/i18n';
import { afterLoginPath } from '@/lib/safe-redirect';
import { useShell } from '@/lib/shell-context';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import type { PageKind } from '@/components/placeholders/page-kinds';
import type * as Documents from '@/routes/documents';

/**
 * The pages the light shell renders (ADR 007/008), with no router in sight: the public
 * pages, and /login and /register, where a first visit converts. The light shell and the full
 * app's route table share these lists (and so the pages' downloads) and the gates below. Every
 * page is downloaded on demand (the one on screen as the app starts); account pages are only ever rendered by the
 * full app and are listed in its route table.
 */
export interface LazyPage<P extends object = object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<unknown>;
  /** The page's component once its code and strings have arrived: rendered as it is, it never suspends. */
  ready: () => ComponentType<P> | undefined;
}

/** A page's code and its translation namespaces load together, so it suspends only once. */
/** In a page's namespaces: the areas' messages too (courses, team…), on top of the core `messages`. */
export const AREA_MESSAGES = 'messages+areas';

export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: string[] = [],
): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const areas = namespaces.includes(AREA_MESSAGES);
  const plain = namespaces.filter((namespace) => namespace !== AREA_MESSAGES);
  const preload = () => {
    if (!pending) {
      // The common strings first, then the page's own, then its code.
      void initI18n();
      prefetchNamespaces(areas ? [...plain, 'messages', 'messages-areas'] : plain);
    }
    pending ??= Promise.all([
      load(),
      initI18n().then(() => Promise.all([i18n.loadNamespaces(plain), areas ? loadAreaMessages() : undefined])),
    ]).then(([module]) => {
      loaded = module.default;
      return module;
    });
    // A failed download may succeed later (flaky network); let the next attempt retry.
    pending.catch(() => (pending = undefined));
    return pending;
  };
  return { Component: lazy(preload), preload, ready: () => loaded };
}

/** The front page: its code is fetched as the page starts (main.tsx), alongside the translations. */
export const homePage = lazyPage(() => import('@/routes/home'), ['page-home', 'plans']);

/** A page the footer and the forms link to: one chunk holds them all, each its long text in its namespace. */
const documentPage = (name: Exclude<keyof typeof Documents, 'default'>, namespace: string) =>
  lazyPage<object>(() => import('@/routes/documents').then((m) => ({ default: m[name] })), [namespace]);

/** The public pages besides the front page; they show a placeholder during the session check. */
export const publicPages: Record<string, LazyPage> = {
  '/platform': lazyPage(() => import('@/routes/platform'), ['page-platform']),
  '/courses': lazyPage(() => import('@/routes/courses'), ['page-courses']),
  '/pricing': lazyPage(() => import('@/routes/pricing'), ['page-pricing', 'plans']),
  '/resources': lazyPage(() => import('@/routes/resources'), ['page-resources', 'newsletter']),
  '/course-creator': lazyPage(() => import('@/routes/course-creator'), ['page-course-creator']),
  '/ai-assistant': lazyPage(() => import('@/routes/ai-assistant'), ['page-ai-assistant']),
  '/ai-assistant/setup': lazyPage(() => import('@/routes/ai-setup'), ['page-ai-setup']),
  '/contact': lazyPage(() => import('@/routes/contact'), ['page-contact']),
  '/terms': documentPage('TermsRoute', 'page-terms'),
  '/privacy': documentPage('PrivacyRoute', 'page-privacy'),
  '/gdpr': documentPage('GdprRoute', 'page-gdpr'),
  '/dpa': documentPage('DpaRoute', 'page-dpa'),
  '/subprocessors': documentPage('SubprocessorsRoute', 'page-subprocessors'),
  '/about': documentPage('AboutRoute', 'page-about'),
  '/help': lazyPage(() => import('@/routes/help'), ['page-help']),
  // A notification mail's unsubscribe link (?token=…), for anyone holding it. Its strings (the
  // notifications') load as it renders, not with its code: the bytes of naming them here were more
  // than the front page had left.
  '/notifications/unsubscribe': lazyPage(() => import('@/routes/unsubscribe')),
};

/** Public pages with a parameter: a course's page in the catalogue (its pattern: APP_ROUTE_PATTERNS). */
const coursePage = lazyPage(() => import('@/routes/course-page'), ['page-course']);
/** A free preview lesson of a published course, for anyone; its lesson views import no editor code. */
const coursePreviewPage = lazyPage(() => import('@/routes/course-preview'), ['page-course', 'lesson-editors']);
/** A certificate's verification page, where its QR code leads: for anyone, so it boots light too. */
const verifyPage = lazyPage(() => import('@/routes/verify-certificate'), ['page-verify']);
/** The newsletter's confirmation and unsubscribe links: one page, for anyone. */
const newsletterPage = lazyPage(() => import('@/routes/newsletter-link'), ['newsletter']);
/** A mailed password-reset link: a page for anyone with a parameter, logged in or not. */
const resetPasswordPage = lazyPage(() => import('@/routes/reset-password'), ['page-recovery']);
/** A resource of the library, rendered from the server's HTML. */
const resourcePage = lazyPage(() => import('@/routes/resource-page'), ['page-resource']);

/**
 * The public page with a parameter at `path`, if it is one: the light shell and the full app's
 * route table both ask here, so the paths' patterns are written once (their route paths would be
 * more bytes in every public page's first load).
 */
export function patternedPublicPage(path: string): LazyPage | undefined {
  if (APP_ROUTE_PATTERNS.coursePage.test(path)) return coursePage;
  if (APP_ROUTE_PATTERNS.coursePreview.test(path)) return coursePreviewPage;
  if (APP_ROUTE_PATTERNS.verifyCertificate.test(path)) return verifyPage;
  if (APP_ROUTE_PATTERNS.newsletterConfirm.test(path) || APP_ROUTE_PATTERNS.newsletterUnsubscribe.test(path)) return newsletterPage;
  if (APP_ROUTE_PATTERNS.resourcePage.test(path)) return resourcePage;
  // A mailed reset link must work in a browser that is logged in too (the reset ends that session).
  if (APP_ROUTE_PATTERNS.resetPassword.test(path)) return resetPasswordPage;
  return undefined;
}

/** Whether `pathname` is a public page (shown after the session check, to anyone). */
export function isPublicPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === '/' || Object.hasOwn(publicPages, path) || patternedPublicPage(path) !== undefined;
}

/** Pages for visitors who are not logged in; a logged-in visitor is sent on (GuestGate). */
export const guestPages: Record<string, LazyPage> = {
  // The demo logins (GET /api/public-config) are known before the page shows: a card that appeared
  // later pushed the page's foot down (Lighthouse CLS 0.06).
  '/login': lazyPage(
    () => Promise.all([import('@/routes/login'), import('@/lib/public-config').then((m) => m.loadPublicConfig())]).then(([page]) => page),
    ['auth', 'messages'],
  ),
  '/register': lazyPage(() => import('@/routes/register'), ['auth', 'cvr', 'messages']),
  '/forgot-password': lazyPage(() => import('@/routes/forgot-password'), ['page-recovery']),
};

/** The light page at `pathname` (the front page, a public or a guest page), if it is one. '/pricing/' is '/pricing'. */
export function lightPageAt(pathname: string): LazyPage | undefined {
  const path = normalisePath(pathname);
  if (path === '/') return homePage;
  if (Object.hasOwn(publicPages, path)) return publicPages[path];
  if (Object.hasOwn(guestPages, path)) return guestPages[path];
  return patternedPublicPage(path);
}

/** What the light shell renders. */
export function isLightPath(pathname: string): boolean {
  return lightPageAt(pathname) !== undefined;
}

/**
 * Starts downloading what a light page needs (its code and strings); others are left alone. The
 * promise (a light page's) settles, never rejects, once they are there or could not be had.
 */
export function preloadLightPage(pathname: string): Promise<unknown> | undefined {
  return lightPageAt(pathname)
    ?.preload()
    .catch(() => undefined);
}

/**
 * Public pages show their placeholder while the session check is loading (after the
 * placeholder delay: usually the check has answered by then). It reads the session from the
 * shell, so the light shell and the full app gate the same way.
 */
export function PublicGate({ kind, children }: { kind: PageKind; children: ReactNode }) {
  const { session } = useShell();
  if (session.status === 'loading') return <DelayedPlaceholder kind={kind} />;
  return children;
}

/**
 * /login and /register are for visitors who are not logged in: a logged-in visitor goes on to where
 * they work (a learner /learn, others the dashboard) or to a guard's `next`, without seeing the form. It is decided once, when the session
 * is known, so logging in or registering on the page does not trigger it: those send the user on
 * themselves (logging in to where they work, registering to the front page).
 */
export function GuestGate({ kind, children }: { kind: PageKind; children: ReactNode }) {
  const { session, navigate, search } = useShell();
  const [guest, setGuest] = useState(session.status === 'anonymous');
  if (!guest && session.status === 'anonymous') setGuest(true);
  const leave = !guest && session.status === 'authenticated';
  const sent = useRef(false);
  useEffect(() => {
    if (!leave || sent.current) return;
    sent.current = true;
    navigate(afterLoginPath(session.user?.role ?? 'learner', new URLSearchParams(search).get('next')), { replace: true });
  }, [leave, navigate, search, session.user]);
  if (guest) return children;
  return <DelayedPlaceholder kind={kind} />;
}
