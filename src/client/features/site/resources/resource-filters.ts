import { useCallback, useEffect, useState } from 'react';
import { MAX_RESOURCE_QUERY, RESOURCE_TYPE_FILTERS, type ResourceTypeFilter } from '@shared/resources.ts';

/**
 * The library's search and type in the address bar (`/resources?q=…&type=…`), so a search can be
 * shared, survives a reload and comes back with Back. Only what differs from the defaults is
 * written: a plain `/resources` is the whole library.
 */
export interface ResourceFilters {
  q: string;
  type: ResourceTypeFilter;
}

const LIBRARY_PATH = '/resources';
export const NO_FILTERS: ResourceFilters = { q: '', type: 'all' };

export function parseResourceSearch(search: string): ResourceFilters {
  const params = new URLSearchParams(search);
  const type = params.get('type') as ResourceTypeFilter;
  return { q: (params.get('q') ?? '').slice(0, MAX_RESOURCE_QUERY), type: RESOURCE_TYPE_FILTERS.includes(type) ? type : 'all' };
}

export function resourceSearchString(filters: ResourceFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q);
  if (filters.type !== 'all') params.set('type', filters.type);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const isFiltered = (filters: ResourceFilters) => filters.q.trim() !== '' || filters.type !== 'all';

/**
 * The filters and their change. Typing replaces the history entry (Back does not step through
 * every letter); choosing a type adds one. The history entry's state (the shells' location key)
 * is kept, so the page is not mounted anew; Back and Forward within the library are followed.
 */
export function useResourceFilters(): [ResourceFilters, (change: Partial<ResourceFilters>, mode: 'push' | 'replace') => void] {
  const [filters, setFilters] = useState(() => parseResourceSearch(window.location.search));
  useEffect(() => {
    const follow = () => {
      if (window.location.pathname.replace(/\/+$/, '') === LIBRARY_PATH) setFilters(parseResourceSearch(window.location.search));
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const change = useCallback((update: Partial<ResourceFilters>, mode: 'push' | 'replace') => {
    setFilters((current) => {
      const next = { ...current, ...update };
      const url = `${LIBRARY_PATH}${resourceSearchString(next)}`;
      if (url !== `${window.location.pathname}${window.location.search}`) {
        const state: unknown = window.history.state;
        if (mode === 'push') window.history.pushState(state, '', url);
        else window.history.replaceState(state, '', url);
      }
      return next;
    });
  }, []);
  return [filters, change];
}
