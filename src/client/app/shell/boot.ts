import type { Root } from 'react-dom/client';
import type * as FullApp from './full-app';

/**
 * "Public pages boot light, the app boots on first navigation." A direct load of a public page
 * renders the light shell (no router, no query cache) to stay inside DESIGN.md's 100 KB budget;
 * the full app is downloaded when the visitor shows the intent to navigate, and takes over the
 * same React root on the first navigation. Any other address loads the full app at once.
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
 * idle, so nothing of it counts against a page's first load. The animated page stage comes too:
 * the first navigation plays the page transition.
 */
export function preloadNavigation(to: string): void {
  preloadFullApp(to);
  void import('../transitions/motion-stage').catch(() => undefined);
}

/** Renders the full app into `root`, replacing whatever it showed; it reads the current address. */
export async function bootFullApp(root: Root, { animateFirst }: { animateFirst: boolean }): Promise<void> {
  const module = await loadFullApp();
  module.renderFullApp(root, { animateFirst });
}
