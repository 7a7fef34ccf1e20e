import { useTranslation } from '@/lib/use-translation';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { TRIAL_DAYS } from '@shared/constants.ts';
import { LinkButton } from '@/components/ui/link-button';
import { PageHero } from '@/components/ui/page-hero';
import { StartCta } from '@/components/ui/start-cta';

/** The landing page's hero: the trial (→ /register) and demo (→ the contact form, topic demo) buttons. */
export function LandingHero() {
  const { t } = useTranslation('page-home');
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[28rem] max-w-4xl rounded-full bg-primary/20 blur-3xl dark:bg-primary/25"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24 lg:px-8">
        <PageHero align="center" eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta size="lg">
            {t('primaryCta')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </StartCta>
          <LinkButton size="lg" variant="secondary" to="/contact?topic=demo">
            {t('secondaryCta')}
          </LinkButton>
        </PageHero>
        <p className="mt-5 text-center text-sm text-muted-foreground">{t('trialNote', { days: TRIAL_DAYS })}</p>
      </div>
    </section>
  );
}
