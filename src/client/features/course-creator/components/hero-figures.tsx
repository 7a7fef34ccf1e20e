import Bot from 'lucide-react/icons/bot';
import Gauge from 'lucide-react/icons/gauge';
import Languages from 'lucide-react/icons/languages';
import Sparkles from 'lucide-react/icons/sparkles';
import { StatCard } from '@/components/ui/stat-card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useCreatorFigures } from '../api/figures';

/** The hero's figures (SPEC §2 shows static ones): what this installation has really done. */
export function HeroFigures() {
  const { t } = useTranslation('creator');
  const figures = useCreatorFigures();
  return (
    <section aria-labelledby="creator-figures-heading" className="mt-10">
      <h2 id="creator-figures-heading" className="sr-only">
        {t('figures.heading')}
      </h2>
      {figures.isError ? (
        <p role="alert" className="text-danger">
          {t('figures.error')}
        </p>
      ) : !figures.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="card" />
          ))}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="creator-figures">
          <li>
            <StatCard icon={Sparkles} label={t('figures.aiCourses')} value={formatNumber(figures.data.aiCourses)} caption={t('figures.aiCoursesCaption', { runs: formatNumber(figures.data.aiRuns) })} />
          </li>
          <li>
            <StatCard
              icon={Bot}
              label={t('figures.model')}
              value={<span className="text-xl break-all">{figures.data.model ?? t('figures.modelNone')}</span>}
              caption={figures.data.provider ?? t('figures.modelNoneCaption')}
            />
          </li>
          <li>
            <StatCard icon={Languages} label={t('figures.languages')} value={formatNumber(figures.data.languages.length)} caption={t('figures.languagesCaption')} />
          </li>
          <li>
            <StatCard
              icon={Gauge}
              label={t('figures.successRate')}
              value={figures.data.successRate === null ? t('figures.successRateNone') : `${formatNumber(figures.data.successRate)} %`}
              caption={figures.data.successRate === null ? t('figures.successRateNoneCaption') : t('figures.successRateCaption', { runs: formatNumber(figures.data.aiRuns) })}
            />
          </li>
        </ul>
      )}
    </section>
  );
}
