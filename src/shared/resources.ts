/**
 * The resource library (/resources): its types and the one search rule, shared by the server
 * (GET /api/resources?q=&type=) and the light page (which filters the list it already has, as you
 * type). Plain TypeScript with no zod, so the page can import it.
 */
export const RESOURCE_TYPES = ['guides', 'videos', 'podcasts', 'templates', 'case-studies', 'best-practices'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** The library page's type select and chips: 'all' first. */
export const RESOURCE_TYPE_FILTERS = ['all', ...RESOURCE_TYPES] as const;
export type ResourceTypeFilter = (typeof RESOURCE_TYPE_FILTERS)[number];
export const RESOURCE_LANGUAGES = ['da', 'en'] as const;
export type ResourceLanguage = (typeof RESOURCE_LANGUAGES)[number];

/** A resource's address: lowercase words joined by hyphens (also its file name). */
export const RESOURCE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_RESOURCE_QUERY = 200;

export interface SearchableResource {
  type: ResourceType;
  title: string;
  description: string;
  tags: readonly string[];
}

/**
 * Filters narrow the list, 'all' shows everything, and the search is case-insensitive over
 * title, description and tags. Every word of the search must appear (in any of them), so a longer
 * search narrows too.
 */
export function matchesResource(resource: SearchableResource, q: string, type: ResourceTypeFilter): boolean {
  if (type !== 'all' && resource.type !== type) return false;
  const words = q.toLocaleLowerCase('da').split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [resource.title, resource.description, ...resource.tags].join('\n').toLocaleLowerCase('da');
  return words.every((word) => haystack.includes(word));
}
