import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { CvrTestForm } from '@/features/identity/cvr/components/cvr-test-form';
import { usePageMeta } from '@/lib/i18n';

/** The hidden CVR test page (not linked from the navigation): the registry look-up and its auto-fill, tried out. */
export default function CvrTestRoute() {
  const { t } = useTranslation('cvr');
  usePageMeta(t('test.metaTitle'));
  return (
    <Container className="max-w-3xl py-14 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('test.eyebrow')} title={t('test.title')} lead={t('test.lead')} />
      </StageItem>
      <StageItem className="mt-10">
        <CvrTestForm />
      </StageItem>
    </Container>
  );
}
