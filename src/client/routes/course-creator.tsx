import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { CreatorPage } from '@/features/authoring/course-creator/components/creator-page';
import { StartCta } from '@/components/ui/start-cta';
import { usePageMeta } from '@/lib/use-page-meta';

/** AI Course Creator; the wizard's code loads on intent (features/course-creator/components/creator-page.tsx). */
export default function CourseCreatorRoute() {
  const { t } = useTranslation('page-course-creator');
  const { t: tc } = useTranslation('common');
  usePageMeta(t('title'), t('lead'));
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta>{tc('nav.getStarted')}</StartCta>
        </PageHero>
      </StageItem>
      <StageItem className="mt-10">
        <p data-testid="page-status" className="max-w-3xl rounded-2xl border border-border bg-card p-4 text-sm leading-relaxed">
          <span className="font-semibold text-accent">{tc('infoPage.statusLabel')}: </span>
          {t('status')}
        </p>
      </StageItem>
      <CreatorPage />
    </Container>
  );
}
