import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import CreatorWizard from '@/features/authoring/course-creator/components/creator-workspace';
import { actionInAddress } from '@/features/authoring/course-creator/lib/draft-address';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * The AI course creator in the workspace: the wizard is the page, from its first line. The public
 * /course-creator presents the creator to buyers and leads here; a saved draft (?draft=id) opens
 * here, and the public page's tools and call to action arrive with the step or the start they
 * asked for (?step=, ?start=ai). The route table's guard guarantees a session.
 */
export default function CreatorRoute() {
  const { t } = useTranslation('common');
  usePageMeta(t('workspace.creator'));
  const { data: user } = useMe();
  // Read once, from the router's address (the parameters leave the browser's at once): the wizard
  // keeps its own state, and the draft in the address, from here on.
  const { search } = useLocation();
  const [action] = useState(() => actionInAddress(search));
  if (!user) return null;
  // The creator makes courses: a learner's place is their learning.
  if (user.role === 'learner') return <Navigate to="/learn" replace />;
  return (
    <Container className="max-w-7xl py-6 sm:py-8">
      <StageItem>
        <section aria-labelledby="creator-heading" data-testid="creator-wizard" data-ready="true">
          <h1 id="creator-heading" className="text-2xl font-bold tracking-tight">
            {t('workspace.creator')}
          </h1>
          <CreatorWizard action={action} />
        </section>
      </StageItem>
    </Container>
  );
}
