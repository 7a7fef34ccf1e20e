import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { Spinner } from '@/components/ui/spinner';
import { StageItem } from '@/components/ui/stage-item';
import { StartCta } from '@/features/marketing/components/start-cta';
import { usePageMeta } from '@/lib/use-page-meta';

// The creator itself (figures, wizard, tools, demos) is its own chunk, fetched when the page
// shows: the page's first paint and the other public pages stay within the JS budget (ADR 007).
const CreatorWorkspace = lazy(() => import('@/features/course-creator/components/creator-workspace'));

/** AI Course Creator (SPEC §2): the hero at once, the workspace as soon as its code is here. */
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
      <Suspense
        fallback={
          <p role="status" className="mt-14 flex items-center gap-2 text-muted-foreground">
            <Spinner />
            {t('loading')}
          </p>
        }
      >
        <CreatorWorkspace />
      </Suspense>
    </Container>
  );
}
