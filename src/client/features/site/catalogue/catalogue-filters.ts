import type { TCatalogueQuery } from '@shared/schemas/catalogue.ts';

/**
 * The catalogue's filters and the address bar: what `/courses?q=…&category=…` means,
 * and back. The query string is the one source of truth, so a search can be shared, survives a
 * reload and comes back with Back. Only what differs from the defaults is written, so a plain
 * `/courses` is the unfiltered catalogue, and the same filters always make the same address.
 *
 * No zod here (and no import of the shared schemas' values): this runs on the light public page,
 * whose JavaScript budget has no room for it. The lists are checked against the schema's types.
 */
type Q = Required<TCatalogueQuery>;
export const CATEGORY_FILTERS = [
  'all',
  'business',
  'technology',
  'design',
  'leadership',
  'analytics',
] as const satisfies readonly Q['category'][];
export const LEVEL_FILTERS = ['all', 'beginner', 'intermediate', 'advanced'] as const satisfies readonly Q['level'][];
export const SORTS = ['relevance', 'newest', 'title', 'price-low', 'price-high'] as const satisfies readonly Q['sort'][];

export interface CatalogueFilters {
  /** The search text as typed (trimmed when sent). */
  q: string;
  category: (typeof CATEGORY_FILTERS)[number];
  level: (typeof LEVEL_FILTERS)[number];
  sort: (typeof SORTS)[number];
  page: number;
}

/** The server's limits (ZCatalogueQuery): longer text or later pages would be refused. */
export const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 10_000;

/** Relevance ranks matches for a search; without one the newest courses come first. */
export const defaultSort = (q: string): CatalogueFilters['sort'] => (q.trim() ? 'relevance' : 'newest');

export const EMPTY_FILTERS: CatalogueFilters = { q: '', category: 'all', level: 'all', sort: 'newest', page: 1 };

/** "relevance" means nothing without a search: such filters sort by newest. */
function settle(filters: CatalogueFilters): CatalogueFilters {
  return filters.sort === 'relevance' && !filters.q.trim() ? { ...filters, sort: 'newest' } : filters;
}

/**
 * The filters a query string asks for. Anything unknown or out of range (a hand-edited or old
 * link) falls back to the default instead of failing, so every address shows a catalogue.
 */
export function parseCatalogueSearch(search: string): CatalogueFilters {
  const params = new URLSearchParams(search);
  const pick = <T extends string>(key: string, values: readonly T[], fallback: T): T => {
    const value = params.get(key) as T;
    return values.includes(value) ? value : fallback;
  };
  const q = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const page = Number(params.get('page'));
  return settle({
    q,
    category: pick('category', CATEGORY_FILTERS, 'all'),
    level: pick('level', LEVEL_FILTERS, 'all'),
    sort: pick('sort', SORTS, defaultSort(q)),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  });
}

/** The query string for the address bar: '' for the plain catalogue, else '?q=…'. */
export function catalogueSearchString(filters: CatalogueFilters): string {
  const q = filters.q.trim();
  const params = new URLSearchParams();
  const entries = [
    ['q', q, ''],
    ['category', filters.category, 'all'],
    ['level', filters.level, 'all'],
    ['sort', filters.sort, defaultSort(q)],
    ['page', String(filters.page), '1'],
  ];
  for (const [key, value, fallback] of entries) if (value !== fallback) params.set(key!, value!);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/catalogue with the same parameters (the server applies the same defaults). */
export const catalogueApiPath = (filters: CatalogueFilters) => `/api/catalogue${catalogueSearchString(filters)}`;

/**
 * A change of one filter. Any change but the page's starts again on page 1; a search that starts
 * or ends moves a default sort along (relevance with a search, newest without one), while a sort
 * the visitor chose stays.
 */
export function changeFilters(current: CatalogueFilters, change: Partial<CatalogueFilters>): CatalogueFilters {
  const next = { ...current, page: 1, ...change };
  if (change.q !== undefined && !change.sort && current.sort === defaultSort(current.q)) next.sort = defaultSort(next.q);
  return settle(next);
}

/** The number of pages for `total` matches (at least one). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
