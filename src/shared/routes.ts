/** SPEC §2's route table: every path the web app has. Anything else is the 404 page. */
export const APP_ROUTES = [
  '/',
  '/platform',
  '/courses',
  '/pricing',
  '/resources',
  '/course-creator',
  '/ai-assistant',
  '/register',
  '/login',
  '/cvr-test',
  '/dashboard',
  '/profile',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** '/pricing/' is '/pricing'; '/' stays '/'. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function isAppRoute(pathname: string): boolean {
  return (APP_ROUTES as readonly string[]).includes(normalisePath(pathname));
}
