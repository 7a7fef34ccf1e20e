import { useTranslation } from '@/lib/use-translation';
import { StageItem } from '@/components/ui/stage-item';
import { BuilderPreview } from '@/features/site/marketing/components/builder-preview';
import { ClosingCta } from '@/features/site/marketing/components/closing-cta';
import { LandingFeatures } from '@/features/site/marketing/components/landing-features';
import { LandingHero } from '@/features/site/marketing/components/landing-hero';
import { LandingPlans } from '@/features/site/marketing/components/landing-plans';
import { LandingStats } from '@/features/site/marketing/components/landing-stats';
import { usePageMeta } from '@/lib/i18n';

/** The landing page. */
export default function HomeRoute() {
  const { t } = useTranslation('page-home');
  usePageMeta(t('metaTitle'));
  return (
    <>
      <StageItem>
        <LandingHero />
      </StageItem>
      <StageItem>
        <LandingFeatures />
      </StageItem>
      <StageItem>
        <BuilderPreview />
      </StageItem>
      <StageItem>
        <LandingStats />
      </StageItem>
      <StageItem>
        <LandingPlans />
      </StageItem>
      <StageItem>
        <ClosingCta title={t('closing.title')} text={t('closing.text')} cta={t('primaryCta')} contact={t('closing.contact')} />
      </StageItem>
    </>
  );
}
