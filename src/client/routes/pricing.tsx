import { useState } from 'react';
import type { BillingPeriod } from '@shared/plans.ts';
import { TRIAL_DAYS } from '@shared/constants.ts';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { ClosingCta } from '@/features/site/marketing/components/closing-cta';
import { PlanCards } from '@/features/site/marketing/plans/plan-cards';
import { BillingToggle } from '@/features/site/marketing/pricing/billing-toggle';
import { PlanComparison } from '@/features/site/marketing/pricing/plan-comparison';
import { Testimonials } from '@/features/site/marketing/pricing/testimonials';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

const FAQ = ['trial', 'afterTrial', 'moms', 'change', 'invoice'] as const;

/**
 * Pricing: the monthly/annual toggle, the three plans, the comparison table, the
 * testimonials (consented quotes of real reviews, absent while there are none), the questions
 * businesses ask before buying and the trial call to action. Plans and limits are read from the
 * constants the server enforces, so there is nothing to load for them and no skeleton.
 */
export default function PricingRoute() {
  const { t } = useTranslation('page-pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  usePageMeta(t('title'), t('lead', { days: TRIAL_DAYS }));
  return (
    <>
      <Container className="pt-16 sm:pt-20">
        <StageItem>
          <PageHero align="center" eyebrow={t('eyebrow')} title={t('title')} lead={t('lead', { days: TRIAL_DAYS })} />
        </StageItem>
        <StageItem className="mt-10">
          <BillingToggle period={period} onChange={setPeriod} />
        </StageItem>
        <StageItem className="mt-10">
          <h2 className="sr-only">{t('plansTitle')}</h2>
          <PlanCards period={period} />
          <p className="mt-4 text-center text-sm text-muted-foreground">{t('vatNote')}</p>
        </StageItem>
        <StageItem className="mt-20">
          <PlanComparison />
        </StageItem>
        <Testimonials />
        <StageItem className="mt-20">
          <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
            <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
              {t('faq.title')}
            </h2>
            <div className="mt-8 flex flex-col gap-3">
              {FAQ.map((key) => (
                <details key={key} className="group rounded-2xl border border-border bg-card p-5">
                  <summary className="cursor-pointer font-semibold marker:text-accent">{t(`faq.${key}.q`)}</summary>
                  <p className="mt-3 leading-relaxed text-muted-foreground">{t(`faq.${key}.a`, { days: TRIAL_DAYS })}</p>
                </details>
              ))}
            </div>
          </section>
        </StageItem>
      </Container>
      <StageItem>
        <ClosingCta
          title={t('closing.title', { days: TRIAL_DAYS })}
          text={t('closing.text')}
          cta={t('closing.cta')}
          contact={t('closing.contact')}
          contactTo="/contact?topic=sales"
        />
      </StageItem>
    </>
  );
}
