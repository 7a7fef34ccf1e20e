import { APP_ROUTE_PATTERNS, normalisePath } from './routes.ts';

// Apart from routes.ts, which every public page's first load carries: only the full app and the
// server need these.

/** The sections of the dashboard, each a page of the workspace's sidebar: /dashboard/{section}, the overview at /dashboard. */
export const WORKSPACE_SECTIONS = ['courses', 'people', 'analytics', 'settings'] as const;
export type WorkspaceSection = (typeof WORKSPACE_SECTIONS)[number];
export const workspaceSectionPath = (section: WorkspaceSection) => `/dashboard/${section}`;

/**
 * Pages of logged-in work, shown in the workspace (its own navigation, no public header or footer);
 * every other page is the public site's.
 */
export function isWorkspacePath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return (
    path === '/dashboard' ||
    path.startsWith('/dashboard/') ||
    path === '/learn' ||
    path.startsWith('/learn/') ||
    path === '/billing' ||
    path === '/profile' ||
    path === '/certificates' ||
    path === '/compliance' ||
    path === '/paths' ||
    path === '/audit-log' ||
    path.startsWith('/compliance/') ||
    path === '/notifications'
  );
}

/** Workspace pages that need the whole width: the builder and the player keep the sidebar in a drawer. */
export function isFullWidthWorkspacePath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return APP_ROUTE_PATTERNS.courseBuilder.test(path) || APP_ROUTE_PATTERNS.player.test(path);
}
