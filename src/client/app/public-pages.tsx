import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { normalisePath } from '@shared/routes.ts';
import { i18n, initI18n } from '@/lib/i18n';
import { useShell } from '@/lib/shell-context';
import type { PageKind } from './transitions/page-kinds';
import { PagePlaceholder } from './transitions/page-placeholders';

/**
 * SPEC §2's public pages, with no router in sight: the light shell and the full app's route table
 * share this list (and so the pages' downloads) and the gate below. Every page but the front page
 * is downloaded on demand; the other pages are only ever rendered by the full app and are listed
 * in its route table.
 */
export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

/** A page's code and its translation namespaces load together, so it suspends only once. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    pending ??= Promise.all([load(), initI18n().then(() => i18n.loadNamespaces(namespaces))]).then(([module]) => module);
    // A failed download may succeed later (flaky network); let the next attempt retry.
    pending.catch(() => (pending = undefined));
    return pending;
  };
  return { Component: lazy(preload), preload };
}

/** SPEC §2's public pages besides the front page; they show a placeholder during the session check. */
export const publicPages: Record<string, LazyPage> = {
  '/platform': lazyPage(() => import('@/routes/platform'), ['pages']),
  '/courses': lazyPage(() => import('@/routes/courses'), ['pages']),
  '/pricing': lazyPage(() => import('@/routes/pricing'), ['pages']),
  '/resources': lazyPage(() => import('@/routes/resources'), ['pages']),
  '/course-creator': lazyPage(() => import('@/routes/course-creator'), ['pages']),
  '/ai-assistant': lazyPage(() => import('@/routes/ai-assistant'), ['pages']),
};

/** '/pricing/' and '/pricing' are the same page, as they are to the router. */
/** The front page and the public pages: the ones the light shell renders on a direct load. */
export function isPublicPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === '/' || Object.hasOwn(publicPages, path);
}

/** Starts downloading what a public page needs (its code and strings); others are left alone. */
export function preloadPublicPage(pathname: string): void {
  void publicPages[normalisePath(pathname)]?.preload().catch(() => undefined);
}

/**
 * SPEC §2: public pages show their placeholder while the session check is loading. It reads the
 * session from the shell, so the light shell and the full app gate the same way.
 */
export function PublicGate({ kind, children }: { kind: PageKind; children: ReactNode }) {
  const { session } = useShell();
  if (session.status === 'loading') return <PagePlaceholder kind={kind} />;
  return children;
}
