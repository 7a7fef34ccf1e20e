import Award from 'lucide-react/icons/award';
import ChartColumn from 'lucide-react/icons/chart-column';
import CirclePlay from 'lucide-react/icons/circle-play';
import Globe from 'lucide-react/icons/globe';
import LayoutList from 'lucide-react/icons/layout-list';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { StartCta } from '@/components/ui/start-cta';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

const FEATURES = [
  { key: 'builder', Icon: LayoutList },
  { key: 'creator', Icon: WandSparkles },
  { key: 'learning', Icon: CirclePlay },
  { key: 'certificates', Icon: Award },
  { key: 'sites', Icon: Globe },
  { key: 'insight', Icon: ChartColumn },
] as const;
const CAPABILITIES = ['roles', 'languages', 'themes', 'voice', 'accessible', 'mobile'] as const;
const SPECS = [
  'data',
  'database',
  'files',
  'security',
  'sessions',
  'backups',
  'accessibility',
  'languages',
  'ai',
  'payments',
  'mail',
] as const;

/**
 * Platform overview: hero, six feature cards, six capability tiles and the technical
 * specifications, each a property of Kursa as it is built (not of a hosted service it is not).
 */
export function PlatformPage() {
  const { t } = useTranslation('page-platform');
  usePageMeta(t('title'), t('lead'));
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta>{t('cta')}</StartCta>
          <LinkButton variant="secondary" to="/contact?topic=demo">
            {t('demo')}
          </LinkButton>
        </PageHero>
      </StageItem>
      <StageItem className="mt-16">
        <section aria-labelledby="platform-features">
          <h2 id="platform-features" className="text-2xl font-bold tracking-tight">
            {t('features.title')}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, Icon }) => (
              <li key={key}>
                <Card className="h-full">
                  <Icon aria-hidden="true" className="size-6 text-accent" />
                  <h3 className="mt-4 font-semibold">{t(`features.${key}.title`)}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </StageItem>
      <StageItem className="mt-16">
        <section aria-labelledby="platform-capabilities">
          <h2 id="platform-capabilities" className="text-2xl font-bold tracking-tight">
            {t('capabilities.title')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {CAPABILITIES.map((key) => (
              <li key={key} className="rounded-2xl border border-border bg-accent-soft/40 p-5">
                <h3 className="font-semibold">{t(`capabilities.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`capabilities.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </StageItem>
      <StageItem className="mt-16">
        <section aria-labelledby="platform-specs" className="rounded-2xl border border-border bg-card p-6 sm:p-8">
          <h2 id="platform-specs" className="text-2xl font-bold tracking-tight">
            {t('specs.title')}
          </h2>
          <p className="mt-2 text-muted-foreground">{t('specs.lead')}</p>
          <dl className="mt-6 grid gap-x-8 gap-y-5 md:grid-cols-2" data-testid="tech-specs">
            {SPECS.map((key) => (
              <div key={key} className="border-t border-border pt-4">
                <dt className="font-semibold">{t(`specs.${key}.term`)}</dt>
                <dd className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`specs.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </StageItem>
    </Container>
  );
}
