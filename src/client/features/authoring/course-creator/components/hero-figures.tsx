import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { currentLocale } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useCreatorFigures } from '../api/figures';

/** The hero's figures: what this installation has really done, rather than static marketing claims. */
export function HeroFigures() {
  const { t } = useTranslation('page-course-creator');
  const figures = useCreatorFigures();
  const formatNumber = (n: number) => n.toLocaleString(currentLocale());
  return (
    <section aria-labelledby="creator-figures-heading" className="mt-10">
      <h2 id="creator-figures-heading" className="sr-only">
        {t('figures.heading')}
      </h2>
      {figures.error !== undefined ? (
        <p role="alert" className="text-danger">
          {t('figures.error')}
        </p>
      ) : !figures.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-muted" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="creator-figures">
          <li>
            <Figure
              label={t('figures.aiCourses')}
              value={formatNumber(figures.data.aiCourses)}
              caption={t('figures.aiCoursesCaption', { runs: formatNumber(figures.data.aiRuns) })}
            />
          </li>
          <li>
            <Figure
              label={t('figures.model')}
              value={<span className="text-xl break-all">{figures.data.model ?? t('figures.modelNone')}</span>}
              caption={figures.data.provider ?? t('figures.modelNoneCaption')}
            />
          </li>
          <li>
            <Figure
              label={t('figures.languages')}
              value={formatNumber(figures.data.languages.length)}
              caption={t('figures.languagesCaption')}
            />
          </li>
          <li>
            <Figure
              label={t('figures.successRate')}
              value={figures.data.successRate === null ? t('figures.successRateNone') : `${formatNumber(figures.data.successRate)} %`}
              caption={
                figures.data.successRate === null
                  ? t('figures.successRateNoneCaption')
                  : t('figures.successRateCaption', { runs: formatNumber(figures.data.aiRuns) })
              }
            />
          </li>
        </ul>
      )}
    </section>
  );
}

/** One figure (the dashboard's StatCard without its icon: this public page's JS budget is tight). */
function Figure({ label, value, caption }: { label: string; value: ReactNode; caption: string }) {
  return (
    <Card className="flex h-full flex-col gap-2 p-5">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="text-3xl font-bold tracking-tight tabular-nums">{value}</p>
      <p className="text-sm text-muted-foreground">{caption}</p>
    </Card>
  );
}
