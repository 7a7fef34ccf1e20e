import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { CreatorPage } from '@/features/authoring/course-creator/components/creator-page';
import { LinkButton } from '@/components/ui/link-button';
import { StartCta } from '@/components/ui/start-cta';
import { useEffect } from 'react';
import { CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';

/**
 * The AI Course Creator presented to buyers: what it does, its figures, tools and demos
 * (features/authoring/course-creator/components/creator-page.tsx). The wizard itself is the
 * workspace's page; a link to a saved draft from the days it was here (?draft=id) is sent on there.
 */
export default function CourseCreatorRoute() {
  const { t } = useTranslation('page-course-creator');
  const { t: tc } = useTranslation('common');
  usePageMeta(t('title'), t('lead'));
  // The server sends such an address on before any page loads; this catches one followed inside the app.
  const { search, navigate } = useShell();
  const draft = new URLSearchParams(search).has('draft');
  useEffect(() => {
    if (draft) navigate(`${CREATOR_PAGE_PATH}${search}`, { replace: true });
  }, [draft, navigate, search]);
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta>{tc('nav.getStarted')}</StartCta>
          {/* The wizard itself, in the workspace: a visitor logs in first and lands there. */}
          <LinkButton variant="secondary" to={CREATOR_PAGE_PATH} data-testid="creator-open">
            {t('cta.open')}
          </LinkButton>
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
