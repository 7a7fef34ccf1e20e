import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';

const FEATURES = ['needs', 'concepts', 'switch', 'honest'] as const;

/** The creator page's feature grid: what the creator does, as it works today. */
export function FeatureGrid() {
  const { t } = useTranslation('page-course-creator');
  return (
    <section aria-labelledby="creator-features-heading" className="mt-16">
      <h2 id="creator-features-heading" className="text-2xl font-semibold">
        {t('features.heading')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((key) => (
          <li key={key}>
            <Card className="h-full">
              <h3 className="font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
