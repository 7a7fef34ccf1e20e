import { useTranslation } from '@/lib/use-translation';
import { StageItem } from '@/components/ui/stage-item';
import { LandingFacts } from '@/features/marketing/components/landing-facts';
import { LandingFeatures } from '@/features/marketing/components/landing-features';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { usePageMeta } from '@/lib/use-page-meta';

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
        <LandingFacts />
      </StageItem>
    </>
  );
}
