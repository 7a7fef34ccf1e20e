import { useTranslation } from '@/lib/use-translation';
import Award from 'lucide-react/icons/award';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Bot from 'lucide-react/icons/bot';
import Globe from 'lucide-react/icons/globe';
import LayoutList from 'lucide-react/icons/layout-list';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import { Card } from '@/components/ui/card';

const FEATURES = [
  { key: 'creator', Icon: WandSparkles },
  { key: 'builder', Icon: LayoutList },
  { key: 'sites', Icon: Globe },
  { key: 'certificates', Icon: Award },
  { key: 'assistants', Icon: Bot },
  { key: 'business', Icon: BadgeCheck },
] as const;

/** The landing page's six feature cards, each a thing Kursa does today. */
export function LandingFeatures() {
  const { t } = useTranslation('page-home');
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        {t('features.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('features.lead')}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
