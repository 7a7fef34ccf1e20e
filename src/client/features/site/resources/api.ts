import type { ResourceLanguage } from '@shared/resources.ts';
import type { TResourceList, TResourceRatingResult, TResourceViewResult } from '@shared/schemas/resources.ts';
import { api } from '@/lib/api-client';

/**
 * The resource library's calls, with plain fetch: /resources and /resources/:slug
 * are light public pages (ADR 007/008), where TanStack Query has no room.
 */
export const resourceListPath = (lang: ResourceLanguage) => `/api/resources?lang=${lang}`;
export const resourcePath = (slug: string, lang: ResourceLanguage) => `/api/resources/${encodeURIComponent(slug)}?lang=${lang}`;
export type { TResourceList };

/** Counts this visit (the server counts a visitor once a day) and answers the new count. */
export const recordResourceView = (slug: string) => api.post<TResourceViewResult>(`/api/resources/${encodeURIComponent(slug)}/view`);

/** Rates the resource 1–5 (one rating per visitor; a repeat changes it) and answers the new average. */
export const rateResource = (slug: string, rating: number) =>
  api.post<TResourceRatingResult>(`/api/resources/${encodeURIComponent(slug)}/rating`, { rating });
