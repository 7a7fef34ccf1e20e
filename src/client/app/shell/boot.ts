import type { Root } from 'react-dom/client';
import { isLightPath, preloadLightPage } from '../public-pages';
import type * as FullApp from './full-app';

/**
 * "Public pages boot light, the app boots when needed" (ADR 007, 008). A direct load of a light
 * page (the public pages, /login, /register) renders the light shell (no router, no query cache)
 * to stay inside the JavaScript budget, and navigations between light pages stay on it. The full
 * app is downloaded when the visitor shows the intent to go to any other page, and takes over the
 * same React root on that navigation. Any other address loads the full app at once.
 */
let fullApp: Promise<typeof FullApp> | undefined;

function loadFullApp(): Promise<typeof FullApp> {
  fullApp ??= import('./full-app');
  // A failed download (flaky network, new deploy) may work on the next attempt.
  fullApp.catch(() => (fullApp = undefined));
  return fullApp;
}

/** Downloads the full app and what the page at `to` needs. */
export function preloadFullApp(to: string): void {
  const { pathname } = new URL(to, window.location.href);
  void loadFullApp()
    .then((module) => module.preloadRoute(pathname))
    .catch(() => undefined);
}

/**
 * Called on pointer-enter, focus or touch of a link in the light shell, never on page load or
 * idle, so nothing of it counts against a page's first load: a light page's own code, or the full
 * app for any other page.
 */
export function preloadNavigation(to: string): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) return;
  if (isLightPath(url.pathname)) void preloadLightPage(url.pathname);
  else preloadFullApp(url.pathname);
}

/** Renders the full app into `root`, replacing whatever it showed; it reads the current address. */
export async function bootFullApp(root: Root, { animateFirst }: { animateFirst: boolean }): Promise<void> {
  const module = await loadFullApp();
  module.renderFullApp(root, { animateFirst });
}
