import { useCallback, useEffect, useState } from 'react';
import { catalogueSearchString, changeFilters, parseCatalogueSearch, type CatalogueFilters } from './catalogue-filters';

const CATALOGUE_PATH = '/courses';

/**
 * How a change reaches the address bar: typing replaces the entry (Back does not step through
 * every letter); choosing a category, level, sort or page adds one, so Back undoes it.
 */
export type HistoryMode = 'push' | 'replace';

/**
 * The catalogue's filters, kept in the address bar's query string. The address is written with
 * the History API directly and the history entry's state (the shells' location key) is kept, so
 * the page is not mounted anew for each keystroke in either shell; Back and Forward within the
 * catalogue are followed here (popstate).
 */
export function useCatalogueFilters(): [CatalogueFilters, (change: Partial<CatalogueFilters>, mode: HistoryMode) => void] {
  const [filters, setFilters] = useState(() => parseCatalogueSearch(window.location.search));

  useEffect(() => {
    const follow = () => {
      if (window.location.pathname.replace(/\/+$/, '') === CATALOGUE_PATH) setFilters(parseCatalogueSearch(window.location.search));
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const update = useCallback((change: Partial<CatalogueFilters>, mode: HistoryMode) => {
    setFilters((current) => {
      const next = changeFilters(current, change);
      const url = `${CATALOGUE_PATH}${catalogueSearchString(next)}`;
      if (url !== `${window.location.pathname}${window.location.search}`) {
        const state: unknown = window.history.state;
        if (mode === 'push') window.history.pushState(state, '', url);
        else window.history.replaceState(state, '', url);
      }
      return next;
    });
  }, []);

  return [filters, update];
}
