import { useTranslation } from '@/lib/use-translation';
import { matchesResource, type ResourceLanguage } from '@shared/resources.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button } from '@/components/ui/button';
import { resourceListPath, type TResourceList } from '@/features/site/resources/api';
import { ResourceCard } from '@/features/site/resources/components/resource-card';
import { ResourceFilterBar } from '@/features/site/resources/components/resource-filter-bar';
import { useOpenGraph } from '@/features/site/resources/page-meta';
import { isFiltered, NO_FILTERS, useResourceFilters } from '@/features/site/resources/resource-filters';
import { getJson, useFetched } from '@/lib/use-fetched';
import { usePageMeta } from '@/lib/i18n';
import { NewsletterSlot } from '@/features/site/newsletter/newsletter-slot';

const notice = 'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center';

/**
 * The resources library: the repository's guides, templates, example scenarios
 * and best practices, from GET /api/resources in the interface language. The whole list comes at
 * once (it is small), so search and type filter it as you type; both live in the address bar.
 * A light public page: plain fetch, no Markdown here (articles come as HTML from the server).
 */
export function ResourcesPage() {
  const { t, i18n } = useTranslation('page-resources');
  const lang: ResourceLanguage = i18n.language === 'en' ? 'en' : 'da';
  usePageMeta(t('title'), t('lead'));
  useOpenGraph(t('title'), t('lead'), 'website');
  const [filters, change] = useResourceFilters();
  const { data, error, retry } = useFetched<TResourceList>(resourceListPath(lang), getJson);

  const shown = data?.resources.filter((resource) => matchesResource(resource, filters.q, filters.type)) ?? [];
  const featured = data?.resources.filter((resource) => resource.featured) ?? [];
  const filtered = isFiltered(filters);
  // A type the library has nothing of (reached by a shared address) says so, rather than "no match".
  const noneOfType = filters.type !== 'all' && data?.counts[filters.type] === 0;
  const showAll = () => change(NO_FILTERS, 'push');
  // Until the first answer: the search/list placeholder (after the placeholder delay).
  if (!data && !error) return <DelayedPlaceholder kind="list" />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="flex flex-col items-start gap-5">
        <p className="rounded-full border border-border bg-card px-3 py-1 text-sm font-medium text-accent">{t('eyebrow')}</p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('title')}</h1>
        <p className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">{t('lead')}</p>
      </div>
      <ResourceFilterBar filters={filters} counts={data?.counts} onChange={change} />
      {error ? (
        <div className={notice}>
          <h2 className="font-semibold">{t('results.failed')}</h2>
          <Button variant="secondary" onClick={retry}>
            {t('results.retry')}
          </Button>
        </div>
      ) : !data ? null : (
        <>
          {!filtered && featured.length > 0 && (
            <section aria-labelledby="resources-featured" className="flex flex-col gap-5" data-testid="featured-resources">
              <h2 id="resources-featured" className="text-2xl font-semibold">
                {t('featured.title')}
              </h2>
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {featured.map((resource) => (
                  <li key={resource.slug}>
                    <ResourceCard resource={resource} large />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="resources-all" className="flex flex-col gap-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="resources-all" className="text-2xl font-semibold">
                {filters.type === 'all' ? t('all.title') : t(`types.${filters.type}`)}
              </h2>
              {/* Announced politely as the search narrows the list. */}
              <p role="status" className="text-sm text-muted-foreground" data-testid="resources-count">
                {t('results.count', { count: shown.length })}
              </p>
            </div>
            {shown.length ? (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="resource-grid">
                {shown.map((resource) => (
                  <li key={resource.slug}>
                    <ResourceCard resource={resource} />
                  </li>
                ))}
              </ul>
            ) : noneOfType ? (
              <div className={notice} data-testid="resources-none-of-type">
                <h3 className="font-semibold">{t(`noneOfType.${filters.type as Exclude<typeof filters.type, 'all'>}`)}</h3>
                <p className="max-w-md text-sm text-muted-foreground">{t('noneOfType.description')}</p>
                <Button variant="secondary" onClick={showAll}>
                  {t('noneOfType.action')}
                </Button>
              </div>
            ) : (
              <div className={notice} data-testid="resources-no-results">
                <h3 className="font-semibold">{t('noResults.title')}</h3>
                <p className="max-w-md text-sm text-muted-foreground">{t('noResults.description')}</p>
                <Button variant="secondary" onClick={showAll}>
                  {t('noResults.action')}
                </Button>
              </div>
            )}
          </section>
        </>
      )}
      <NewsletterSlot className="mt-16" />
    </div>
  );
}
