import { lazy, Suspense, useState } from 'react';
import type { TUser } from '@shared/schemas/users.ts';
import { useTranslation } from '@/lib/use-translation';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { useMe } from '@/lib/me';
import { DashboardHeader } from '@/features/courses/dashboard/components/dashboard-header';
import { DashboardStats } from '@/features/courses/dashboard/components/dashboard-stats';
import { DashboardTabs } from '@/features/courses/dashboard/components/dashboard-tabs';
import { LearnerDashboard } from '@/features/courses/dashboard/components/learner-dashboard';
import { OrganisationOverview } from '@/features/courses/dashboard/components/organisation-overview';
import { useDashboardTab } from '@/features/courses/dashboard/lib/dashboard-tab';
import { PlanCard } from '@/features/commerce/plans/components/plan-card';
import { usePageMeta } from '@/lib/use-page-meta';

// The new-course form validates with the course schemas (zod, 26 KB): it loads when first opened.
const CreateCourseDialog = lazy(() =>
  import('@/features/courses/builder/components/create-course-dialog').then((m) => ({ default: m.CreateCourseDialog })),
);

/** The instructor dashboard, on the logged-in user's figures; the route table's guard guarantees a session. */
export default function DashboardRoute() {
  const { t } = useTranslation('account');
  usePageMeta(t('dashboard.metaTitle'));
  const { data: user } = useMe();
  if (!user) return null;
  if (user.role === 'learner') {
    return (
      <Container className="max-w-5xl py-12 sm:py-16">
        <StageItem>
          <LearnerDashboard user={user} />
        </StageItem>
      </Container>
    );
  }
  return <InstructorDashboard user={user} />;
}

function InstructorDashboard({ user }: { user: TUser }) {
  const [tab, setTab] = useDashboardTab();
  // The course creator's 'Start Manual' (and a guard's return after logging in) arrive with ?new=course.
  const [creating, setCreating] = useState(() => new URLSearchParams(window.location.search).get('new') === 'course');
  const onOpenChange = (open: boolean) => {
    setCreating(open);
    if (open) return;
    // The parameter goes when the dialog closes; the entry's state is kept, so the page stays mounted.
    const url = new URL(window.location.href);
    if (!url.searchParams.has('new')) return;
    url.searchParams.delete('new');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  };
  // Mounted from the first opening on, so that closing it keeps its closing animation.
  const [opened, setOpened] = useState(creating);
  const onCreateCourse = () => {
    setOpened(true);
    setCreating(true);
  };

  return (
    <Container className="flex max-w-7xl flex-col gap-10 py-12 sm:py-16">
      <StageItem>
        <DashboardHeader user={user} onCreateCourse={onCreateCourse} onAnalyse={() => setTab('analytics')} />
      </StageItem>
      <StageItem>
        <PlanCard role={user.role} />
      </StageItem>
      {user.role === 'admin' && (
        <StageItem>
          <OrganisationOverview />
        </StageItem>
      )}
      <StageItem>
        <DashboardStats userId={user.id} />
      </StageItem>
      <StageItem>
        <DashboardTabs userId={user.id} tab={tab} onTabChange={setTab} onCreateCourse={onCreateCourse} />
      </StageItem>
      {opened && (
        <Suspense fallback={null}>
          <CreateCourseDialog open={creating} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </Container>
  );
}
