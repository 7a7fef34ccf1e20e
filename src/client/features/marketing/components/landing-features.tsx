import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChartColumn from 'lucide-react/icons/chart-column';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import { Card } from '@/components/ui/card';
import { ComingSoonBadge } from './coming-soon-badge';

// `soon`: the feature is described but not built yet; its card says so.
const FEATURES = [
  { key: 'creator', Icon: WandSparkles, soon: true },
  { key: 'business', Icon: BadgeCheck, soon: false },
  { key: 'insight', Icon: ChartColumn, soon: true },
] as const;

export function LandingFeatures() {
  const { t } = useTranslation('page-home');
  const { t: tc } = useTranslation('common');
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        {t('features.title')}
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ key, Icon, soon }) => (
          <li key={key}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                {soon && <ComingSoonBadge label={tc('comingSoon')} />}
              </div>
              <h3 className="mt-5 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
