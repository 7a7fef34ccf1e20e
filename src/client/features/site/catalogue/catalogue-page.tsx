import { useTranslation } from '@/lib/use-translation';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { fetchCataloguePage } from '@/features/site/catalogue/api/catalogue';
import { useFetched } from '@/lib/use-fetched';
import { catalogueApiPath, EMPTY_FILTERS, pageCount } from '@/features/site/catalogue/catalogue-filters';
import { AiAssistantPromo } from '@/features/site/catalogue/components/ai-assistant-promo';
import { CatalogueCounters } from '@/features/site/catalogue/components/catalogue-counters';
import { CatalogueFilterBar } from '@/features/site/catalogue/components/catalogue-filter-bar';
import { CataloguePagination } from '@/features/site/catalogue/components/catalogue-pagination';
import { CourseCard } from '@/features/site/catalogue/components/course-card';
import { Notice } from '@/features/site/catalogue/components/notice';
import { useCatalogueFilters } from '@/features/site/catalogue/use-catalogue-filters';
import { useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';

/**
 * The course catalogue on real data: every company's published public courses,
 * searched and filtered through GET /api/catalogue with the filters in the address bar. A light
 * public page: plain fetch, no router, no query cache (ADR 007/008), and every byte counted.
 */
export function CataloguePage() {
  const { t } = useTranslation('page-courses');
  const { session } = useShell();
  usePageMeta(t('title'), t('lead'));
  const [filters, change] = useCatalogueFilters();
  const { data, current, error, retry } = useFetched(catalogueApiPath(filters), fetchCataloguePage);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  // Until the first answer: the card-grid placeholder (after the placeholder delay).
  if (!data && !error) return <DelayedPlaceholder kind="grid" />;
  const clear = () => change(EMPTY_FILTERS, 'push');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex flex-col items-start gap-5">
        <p className="rounded-full border border-border bg-card px-3 py-1 text-sm font-medium text-accent">{t('eyebrow')}</p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t('lead')}</p>
      </div>
      {data && <CatalogueCounters counts={data.counts} />}
      <CatalogueFilterBar filters={filters} onChange={change} />
      {/* Announced politely: how many courses the search found, once it has answered. */}
      <p role="status" className="text-sm font-medium" data-testid="catalogue-count">
        {data && current && t('results.count', { count: data.total })}
      </p>
      {error ? (
        <Notice title={t('results.failed')}>
          <Button variant="secondary" onClick={retry}>
            {t('results.retry')}
          </Button>
        </Notice>
      ) : !data ? null : current && !data.counts.courses ? (
        <Notice title={t('empty.title')} description={t('empty.description')}>
          {session.user && <LinkButton to="/dashboard">{t('empty.action')}</LinkButton>}
        </Notice>
      ) : !data.courses.length ? (
        <Notice title={t('noResults.title')} description={t('noResults.description')}>
          <Button variant="secondary" onClick={clear}>
            {t('filters.clear')}
          </Button>
        </Notice>
      ) : (
        <ul
          aria-label={t('results.listLabel')}
          aria-busy={!current}
          className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${current ? '' : 'opacity-60'}`}
        >
          {data.courses.map((course) => (
            <li key={`${course.company.name}/${course.slug}`}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
      {data && !error && (
        <CataloguePagination
          page={Math.min(filters.page, pages)}
          pages={pages}
          onPage={(page) => {
            change({ page }, 'push');
            window.scrollTo(0, 0);
          }}
        />
      )}
      <AiAssistantPromo />
    </div>
  );
}
