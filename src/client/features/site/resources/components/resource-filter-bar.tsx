import { useTranslation } from '@/lib/use-translation';
import { MAX_RESOURCE_QUERY, RESOURCE_TYPE_FILTERS, type ResourceType } from '@shared/resources.ts';
import { buttonClasses } from '@/components/ui/button';
import type { ResourceFilters } from '../resource-filters';

const field = 'h-11 w-full rounded-lg border border-input bg-card px-3 text-foreground';

/**
 * The resource library's controls: a search box (title, description and tags, as you type), and a type select
 * and type chips that show and set the same choice. Only the types the library has entries of are
 * offered (by `counts`; all when they are unknown), and the type chosen, so a shared address to an
 * empty type still shows what it asks for.
 */
export function ResourceFilterBar({
  filters,
  counts,
  onChange,
}: {
  filters: ResourceFilters;
  counts: Record<ResourceType, number> | undefined;
  onChange: (change: Partial<ResourceFilters>, mode: 'push' | 'replace') => void;
}) {
  const { t } = useTranslation('page-resources');
  const types = RESOURCE_TYPE_FILTERS.filter((type) => type === 'all' || type === filters.type || !counts || counts[type] > 0);
  return (
    <div role="search" aria-label={t('search.region')} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-[1fr_16rem]">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('search.label')}
          <input
            type="search"
            value={filters.q}
            maxLength={MAX_RESOURCE_QUERY}
            autoComplete="off"
            placeholder={t('search.placeholder')}
            onChange={(event) => onChange({ q: event.target.value }, 'replace')}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('type.label')}
          <select
            value={filters.type}
            onChange={(event) => onChange({ type: event.target.value as ResourceFilters['type'] }, 'push')}
            className={field}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="group" aria-label={t('type.chips')} className="flex flex-wrap gap-2">
        {types.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={filters.type === type}
            onClick={() => onChange({ type }, 'push')}
            className={buttonClasses(filters.type === type ? 'primary' : 'secondary', 'sm')}
          >
            {t(`types.${type}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
