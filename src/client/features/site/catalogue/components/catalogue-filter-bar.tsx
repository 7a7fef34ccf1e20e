import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { buttonClasses } from '@/components/ui/button';
import { CATEGORY_FILTERS, LEVEL_FILTERS, MAX_QUERY_LENGTH, SORTS, type CatalogueFilters } from '../catalogue-filters';
import type { HistoryMode } from '../use-catalogue-filters';

/** Typing pauses this long before the search runs (and the address changes). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CatalogueFilterBarProps {
  filters: CatalogueFilters;
  onChange: (change: Partial<CatalogueFilters>, mode: HistoryMode) => void;
}

const field = 'h-11 w-full rounded-lg border border-input bg-card px-3 text-foreground';

/**
 * The catalogue's controls: a free-text search that runs as you type, a category select and
 * category chips that show the same choice, a level filter and the sort order. (Plain elements
 * and few classes: the catalogue is a light page with little room in its JavaScript budget.)
 */
export function CatalogueFilterBar({ filters, onChange }: CatalogueFilterBarProps) {
  const { t } = useTranslation('page-courses');
  const [text, setText] = useState(filters.q);
  const [shownQuery, setShownQuery] = useState(filters.q);
  // The address changed under the field (Back, Forward, "clear filters"): the field follows.
  if (filters.q !== shownQuery) {
    setShownQuery(filters.q);
    setText(filters.q);
  }

  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }, 'replace'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  const selects = [
    ['category', CATEGORY_FILTERS, 'categories'],
    ['level', LEVEL_FILTERS, 'levels'],
    ['sort', filters.q.trim() ? SORTS : SORTS.slice(1), 'sorts'],
  ] as const;

  return (
    <div role="search" aria-label={t('filters.label')} className="flex flex-col gap-5">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: text }, 'replace');
        }}
      >
        <label htmlFor="catalogue-q" className="text-sm font-medium">
          {t('filters.search')}
        </label>
        <input
          id="catalogue-q"
          type="search"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          className={`${field} mt-1.5 h-12`}
        />
      </form>
      <div className="grid gap-4 sm:grid-cols-3">
        {selects.map(([name, values, labels]) => (
          <label key={name} className="flex flex-col gap-1.5 text-sm font-medium">
            {t(`filters.${name}`)}
            <select value={filters[name]} onChange={(event) => onChange({ [name]: event.target.value }, 'push')} className={field}>
              {values.map((value) => (
                <option key={value} value={value}>
                  {t(`${labels}.${value}` as 'levels.all')}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div role="group" aria-label={t('filters.categoryChips')} className="flex flex-wrap gap-2">
        {CATEGORY_FILTERS.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filters.category === category}
            onClick={() => onChange({ category }, 'push')}
            className={buttonClasses(filters.category === category ? 'primary' : 'secondary', 'sm')}
          >
            {t(`categories.${category}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
