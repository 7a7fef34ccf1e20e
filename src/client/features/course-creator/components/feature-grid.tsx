import ScrollText from 'lucide-react/icons/scroll-text';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Repeat from 'lucide-react/icons/repeat';
import UserRoundSearch from 'lucide-react/icons/user-round-search';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';

const FEATURES = [
  { key: 'needs', icon: UserRoundSearch },
  { key: 'concepts', icon: Lightbulb },
  { key: 'switch', icon: Repeat },
  { key: 'honest', icon: ScrollText },
] as const;

/** SPEC §2's feature grid: what the creator does, as it works today. */
export function FeatureGrid() {
  const { t } = useTranslation('creator');
  return (
    <section aria-labelledby="creator-features-heading" className="mt-16">
      <h2 id="creator-features-heading" className="text-2xl font-semibold">
        {t('features.heading')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key}>
            <Card className="h-full">
              <Icon aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
