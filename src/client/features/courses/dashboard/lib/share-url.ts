import { coursePagePath } from '@shared/routes.ts';

/** What sharing needs of a course (GET /api/courses' summary). */
export interface Shareable {
  slug: string;
  status: string;
  visibility: string;
}

/** Only a published course that is not private has a page a stranger can open. */
export function isShareable(course: Shareable): boolean {
  return course.status === 'published' && course.visibility !== 'private';
}

/**
 * The public address of a course: on the company's own site when it has one
 * (`{subdomain}.{host}/courses/:slug`), otherwise the catalogue page on the main site.
 */
export function courseShareUrl(slug: string, companySiteUrl: string | null, origin: string): string {
  const path = coursePagePath(encodeURIComponent(slug));
  return `${(companySiteUrl ?? origin).replace(/\/+$/, '')}${path}`;
}
