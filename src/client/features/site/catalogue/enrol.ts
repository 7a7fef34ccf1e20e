import { coursePagePath } from '@shared/routes.ts';
import type { ShellSession } from '@/lib/shell-context';

/** The id of the course page's enrolment section. */
export const ENROL_SECTION_ID = 'enrol';

/**
 * Where a catalogue card's "Enroll Now" leads: a visitor who is not logged in logs in first and
 * comes back to the course page; a logged-in user goes to the course page's enrolment section,
 * whose button enrols them and opens the player.
 */
export function enrolTarget(slug: string, session: ShellSession): string {
  const page = coursePagePath(slug);
  if (session.status === 'authenticated') return `${page}#${ENROL_SECTION_ID}`;
  return `/login?next=${page}`;
}
