import { ACTIVE_LEARNER_DAYS } from '@shared/plans.ts';
import type { TSiteStats } from '@shared/schemas/site-stats.ts';
import { Card } from '@/components/ui/card';
import { currentLocale } from '@/lib/i18n';
import { getJson, useFetched } from '@/lib/use-fetched';
import { useTranslation } from '@/lib/use-translation';

/**
 * The stats block, `#stats-section` (the voice command "show stats" scrolls to it): this
 * installation's figures from GET /api/site-stats instead of static marketing ones. Before there is
 * anything to count, a figure says so rather than showing a zero rate.
 */
export function LandingStats() {
  const { t } = useTranslation('page-home');
  const stats = useFetched<TSiteStats>('/api/site-stats', getJson);
  const locale = currentLocale();
  const number = (n: number, digits = 0) => n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const figures = (data: TSiteStats): { key: 'courses' | 'learners' | 'completion' | 'rating'; value: string; caption: string }[] => [
    { key: 'courses', value: number(data.coursesCreated), caption: t('stats.coursesCaption') },
    { key: 'learners', value: number(data.activeLearners), caption: t('stats.learnersCaption', { days: ACTIVE_LEARNER_DAYS }) },
    data.completionRate === null
      ? { key: 'completion', value: t('stats.none'), caption: t('stats.noneCaption') }
      : { key: 'completion', value: `${number(data.completionRate)} %`, caption: t('stats.completionCaption') },
    data.averageRating === null
      ? { key: 'rating', value: t('stats.none'), caption: t('stats.noneCaption') }
      : {
          key: 'rating',
          value: `${number(data.averageRating, 1)} / 5`,
          caption: t('stats.ratingCaption', { count: data.reviews, formatted: number(data.reviews) }),
        },
  ];
  return (
    <section id="stats-section" aria-labelledby="stats-title" className="mx-auto max-w-6xl scroll-mt-24 px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="stats-title" className="text-center text-3xl font-bold tracking-tight">
        {t('stats.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('stats.lead')}</p>
      {stats.error !== undefined ? (
        <p role="alert" className="mt-10 text-center text-danger">
          {t('stats.error')}
        </p>
      ) : !stats.data ? (
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} aria-hidden="true" className="h-36 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : (
        <dl className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="site-stats">
          {figures(stats.data).map((figure) => (
            <Card key={figure.key} className="flex flex-col gap-2 p-5 text-center" data-testid={`stat-${figure.key}`}>
              <dt className="order-2 text-sm font-medium text-muted-foreground hyphens-auto">{t(`stats.${figure.key}`)}</dt>
              <dd className="order-1 text-4xl font-bold tracking-tight tabular-nums hyphens-auto">{figure.value}</dd>
              <dd className="order-3 text-sm text-muted-foreground">{figure.caption}</dd>
            </Card>
          ))}
        </dl>
      )}
    </section>
  );
}
