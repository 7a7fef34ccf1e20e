import { useTranslation } from 'react-i18next';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChartColumn from 'lucide-react/icons/chart-column';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import { Card } from '@/components/ui/card';

const FEATURES = [
  { key: 'creator', Icon: WandSparkles },
  { key: 'business', Icon: BadgeCheck },
  { key: 'insight', Icon: ChartColumn },
] as const;

export function LandingFeatures() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        {t('home.features.title')}
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(`home.features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
