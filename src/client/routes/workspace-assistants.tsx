import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { workspaceSectionPath } from '@shared/workspace-routes.ts';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingPart } from '@/components/ui/loading-part';
import { StageItem } from '@/components/ui/stage-item';
import { AssistantsPanel } from '@/features/authoring/ai-assistant/ai-assistant-page';
import { CreatorHelpers } from '@/features/authoring/course-creator/components/creator-helpers';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * The AI assistants from the workspace: the three assistants with their status, a chat with each
 * (it opens in the top bar's chat) and the connection test, the creator's four AI helpers, then the
 * other places AI helps make a course, the creator and the builder. The public /ai-assistant presents the same assistants to a
 * visitor; here nothing of its marketing stands above them.
 */
export default function AssistantsRoute() {
  const { t } = useTranslation('page-ai-assistant');
  const { t: tc } = useTranslation('common');
  usePageMeta(tc('workspace.assistants'));
  const { data: user } = useMe();
  if (!user) return null;
  if (user.role === 'learner') return <Navigate to="/learn" replace />;
  return (
    <Container className="max-w-7xl py-8 sm:py-10">
      <StageItem>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{tc('workspace.assistants')}</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">{t('workspace.lead')}</p>
      </StageItem>
      <AssistantsPanel className="mt-8" />
      <StageItem className="mt-10">
        {/* Its strings are the creator's (creator-wizard), fetched here rather than named in the route
            table, which every page loads and whose bytes the builder's budget has no room for. */}
        <Suspense fallback={<LoadingPart className="h-72" />}>
          <CreatorHelpers />
        </Suspense>
      </StageItem>
      <StageItem className="mt-10">
        <section aria-labelledby="more-ai-heading">
          <h2 id="more-ai-heading" className="text-lg font-semibold">
            {t('workspace.moreHeading')}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            <li>
              <Card className="flex h-full flex-col items-start gap-3">
                <p className="text-sm text-muted-foreground">{t('workspace.creator')}</p>
                <LinkButton to={CREATOR_PAGE_PATH} variant="secondary" size="sm" className="mt-auto">
                  {tc('workspace.creator')}
                </LinkButton>
              </Card>
            </li>
            <li>
              <Card className="flex h-full flex-col items-start gap-3">
                <p className="text-sm text-muted-foreground">{t('workspace.builder')}</p>
                <LinkButton to={workspaceSectionPath('courses')} variant="secondary" size="sm" className="mt-auto">
                  {t('workspace.builderLink')}
                </LinkButton>
              </Card>
            </li>
          </ul>
        </section>
      </StageItem>
    </Container>
  );
}
