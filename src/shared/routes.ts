/**
 * The AI course creator's wizard, a workspace page; the public /course-creator presents it and
 * leads here. Kept in this module, which every public page loads anyway, so the public page's link
 * costs nothing; the route table names them rather than repeating the paths, the bytes of the
 * front page's first load.
 */
export const CREATOR_PAGE_PATH = '/dashboard/creator';
/** The AI assistants, from the workspace: the three assistants, their status and a way into each. */
export const ASSISTANTS_PAGE_PATH = '/dashboard/assistants';

/** The route table: every path the web app has. Anything else is the 404 page. */
export const APP_ROUTES = [
  '/',
  '/platform',
  '/courses',
  '/pricing',
  '/resources',
  '/course-creator',
  '/ai-assistant',
  // The documentation behind the AI assistants page's View Documentation.
  '/ai-assistant/setup',
  // The pages the footer and the forms link to.
  '/terms',
  '/privacy',
  '/gdpr',
  // The data processing agreement, and the sub-processors this installation is configured with.
  '/dpa',
  '/subprocessors',
  '/about',
  '/help',
  '/register',
  '/login',
  '/cvr-test',
  '/dashboard',
  // The workspace's sections beside the overview (see WORKSPACE_SECTIONS).
  '/dashboard/courses',
  '/dashboard/people',
  '/dashboard/analytics',
  '/dashboard/settings',
  // The AI course creator's wizard and the AI assistants, places of the workspace beside the sections.
  CREATOR_PAGE_PATH,
  ASSISTANTS_PAGE_PATH,
  // A learner's certificates.
  '/certificates',
  // Groups, required courses and who has taken them (admins, and managers of groups).
  '/compliance',
  // The company's learning paths (admins and instructors); a learner's own are on /learn.
  '/paths',
  // The company's audit log (admins).
  '/audit-log',
  '/profile',
  '/learn',
  // The password reset's request page and the contact form.
  '/forgot-password',
  '/contact',
  // The company's plan, checkout and invoices.
  '/billing',
  // My notifications; a notification mail's unsubscribe link (for anyone with its token).
  '/notifications',
  '/notifications/unsubscribe',
  // The mails an installation without SMTP keeps, for whoever has its key.
  '/dev/mail',
] as const;

/** '/pricing/' is '/pricing'; '/' stays '/'. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Pages with a parameter: a course's page in the catalogue, and a course in the builder.
 * A slug or id of the right shape is a page; whether the course exists the page itself says.
 */
export const APP_ROUTE_PATTERNS = {
  coursePage: /^\/courses\/([a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?)$/,
  /** A free preview lesson of a published course, for anyone: /courses/{slug}/preview/{lesson id} (the page checks both). */
  coursePreview: /^\/courses\/([a-z0-9-]{1,120})\/preview\/([\w-]{1,64})$/,
  courseBuilder: /^\/dashboard\/courses\/([A-Za-z0-9_-]{1,64})$/,
  /** The course player, at a course (it opens where the learner left off) or a lesson. */
  player: /^\/learn\/([A-Za-z0-9_-]{1,64})(?:\/([A-Za-z0-9_-]{1,64}))?$/,
  /** An invitation link, /invite/{single-use token}. */
  invitation: /^\/invite\/([A-Za-z0-9_-]{20,100})$/,
  /** A certificate's public verification page, /verify/{code} (the QR code's address). */
  verifyCertificate: /^\/verify\/([A-Za-z0-9-]{1,64})$/,
  /** A mailed password-reset link, /reset-password/{single-use token}. */
  resetPassword: /^\/reset-password\/([A-Za-z0-9_-]{20,100})$/,
  /** The newsletter's confirmation and one-click unsubscribe links. */
  newsletterConfirm: /^\/newsletter\/confirm\/([A-Za-z0-9_-]{20,100})$/,
  newsletterUnsubscribe: /^\/newsletter\/unsubscribe\/([A-Za-z0-9_-]{20,100})$/,
  /** A person's training record: their required courses and certificates (themself, an admin, a manager of theirs). */
  compliancePerson: /^\/compliance\/people\/([A-Za-z0-9_-]{1,64})$/,
  /** A course's completion report: everyone it is required of (admins, managers of groups). */
  complianceCourse: /^\/compliance\/courses\/([A-Za-z0-9_-]{1,64})$/,
  /** A resource of the library, /resources/{slug}. */
  resourcePage: /^\/resources\/([a-z0-9]+(?:-[a-z0-9]+){0,15})$/,
} as const;

export function isAppRoute(pathname: string): boolean {
  const path = normalisePath(pathname);
  return (APP_ROUTES as readonly string[]).includes(path) || Object.values(APP_ROUTE_PATTERNS).some((pattern) => pattern.test(path));
}

export const coursePagePath = (slug: string) => `/courses/${slug}`;
export const courseBuilderPath = (courseId: string) => `/dashboard/courses/${courseId}`;
export const resourcePath = (slug: string) => `/resources/${slug}`;
export const verifyPath = (code: string) => `/verify/${code}`;
export const compliancePersonPath = (userId: string) => `/compliance/people/${userId}`;
export const complianceCoursePath = (courseId: string) => `/compliance/courses/${courseId}`;
export const playerPath = (courseId: string, lessonId?: string | null) =>
  lessonId ? `/learn/${courseId}/${lessonId}` : `/learn/${courseId}`;
