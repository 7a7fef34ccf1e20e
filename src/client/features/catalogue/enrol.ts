import { coursePagePath } from '@shared/routes.ts';
import type { ShellSession } from '@/lib/shell-context';

/** The id of the course page's enrolment section. */
export const ENROL_SECTION_ID = 'enrol';

/**
 * Where "Enroll Now" leads until enrolment exists (the next issue): a visitor who is not logged in
 * logs in first and comes back to the course page; a logged-in user goes to the course page's
 * enrolment section, which says plainly that enrolment opens soon. Nothing pretends to enrol.
 */
export function enrolTarget(slug: string, session: ShellSession): string {
  const page = coursePagePath(slug);
  if (session.status === 'authenticated') return `${page}#${ENROL_SECTION_ID}`;
  return `/login?next=${page}`;
}
