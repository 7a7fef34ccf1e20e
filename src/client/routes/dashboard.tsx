import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { TUser } from '@shared/schemas/users.ts';
import { workspaceSectionPath } from '@shared/workspace-routes.ts';
import Plus from 'lucide-react/icons/plus';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { LoadingPart } from '@/components/ui/loading-part';
import { StageItem } from '@/components/ui/stage-item';
import { useMe } from '@/lib/me';
import { ActivityList } from '@/features/courses/dashboard/components/activity-list';
import { AttentionList } from '@/features/courses/dashboard/components/attention-list';
import { CourseList } from '@/features/courses/dashboard/components/course-list';
import { DashboardHeader } from '@/features/courses/dashboard/components/dashboard-header';
import { DashboardStats } from '@/features/courses/dashboard/components/dashboard-stats';
import { LearnerDashboard } from '@/features/courses/dashboard/components/learner-dashboard';
import { OnboardingChecklist } from '@/features/courses/dashboard/components/onboarding-checklist';
import { QuickActions } from '@/features/courses/dashboard/components/quick-actions';
import { SectionHeader } from '@/features/courses/dashboard/components/section-header';
import { dashboardSectionOf, legacyTabAddress, type DashboardSection } from '@/features/courses/dashboard/lib/dashboard-section';
import { usePageMeta } from '@/lib/i18n';

// The new-course form validates with the course schemas (zod, 26 KB): it loads when first opened.
const CreateCourseDialog = lazy(() =>
  import('@/features/courses/builder/components/create-course-dialog').then((m) => ({ default: m.CreateCourseDialog })),
);
// The sections besides the overview and the courses load their code when first opened: the people,
// the analytics (with its charts) and the settings are a good third of the dashboard's own code.
const PeopleSection = lazy(() => import('@/features/courses/dashboard/components/people-section'));
const AnalyticsPanel = lazy(() =>
  import('@/features/courses/dashboard/components/analytics-panel').then((m) => ({ default: m.AnalyticsPanel })),
);
const SettingsSection = lazy(() => import('@/features/courses/dashboard/components/settings-section'));

/**
 * The instructor's and admin's dashboard: the overview at /dashboard and each section
 * (/dashboard/courses, …/people, …/analytics, …/settings) a page of the workspace's sidebar. The
 * route table's guard guarantees a session.
 */
export default function DashboardRoute() {
  const { t } = useTranslation('account');
  const { pathname, search } = useLocation();
  const section = dashboardSectionOf(pathname);
  usePageMeta(section === 'overview' ? t('dashboard.metaTitle') : t(`dashboard.sections.${section}.title`));
  const { data: user } = useMe();
  if (!user) return null;
  const legacy = section === 'overview' ? legacyTabAddress(search) : undefined;
  if (legacy) return <Navigate to={legacy} replace />;
  if (user.role === 'learner') {
    if (section !== 'overview') return <Navigate to="/learn" replace />;
    return (
      <Container className="max-w-5xl py-8 sm:py-10">
        <StageItem>
          <LearnerDashboard user={user} />
        </StageItem>
      </Container>
    );
  }
  return <InstructorDashboard user={user} section={section} />;
}

function InstructorDashboard({ user, section }: { user: TUser; section: DashboardSection }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
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

  let content;
  switch (section) {
    case 'overview':
      content = (
        <>
          <StageItem>
            <DashboardHeader user={user} onCreateCourse={onCreateCourse} />
          </StageItem>
          {/* Not in a stage item: once done or put away it renders nothing, and leaves no gap. */}
          <OnboardingChecklist onCreateCourse={onCreateCourse} />
          <StageItem>
            <AttentionList userId={user.id} />
          </StageItem>
          <StageItem>
            <DashboardStats userId={user.id} />
          </StageItem>
          <StageItem className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
            <ActivityList userId={user.id} />
            <QuickActions
              userId={user.id}
              onCreateCourse={onCreateCourse}
              onViewAnalytics={() => void navigate(workspaceSectionPath('analytics'))}
            />
          </StageItem>
        </>
      );
      break;
    case 'courses':
      content = (
        <>
          <SectionHeader
            section="courses"
            action={
              <Button onClick={onCreateCourse}>
                <Plus aria-hidden="true" className="size-4" />
                {t('dashboard.createCourse')}
              </Button>
            }
          />
          <StageItem>
            <CourseList userId={user.id} onCreateCourse={onCreateCourse} />
          </StageItem>
        </>
      );
      break;
    default:
      content = (
        <>
          <SectionHeader section={section} />
          <StageItem className="flex flex-col gap-6">
            <Suspense fallback={<LoadingPart className="h-96" />}>
              {section === 'people' && <PeopleSection userId={user.id} />}
              {section === 'analytics' && <AnalyticsPanel userId={user.id} />}
              {section === 'settings' && <SettingsSection role={user.role} />}
            </Suspense>
          </StageItem>
        </>
      );
  }

  return (
    <Container className="flex max-w-7xl flex-col gap-8 py-8 sm:py-10">
      {content}
      {opened && (
        <Suspense fallback={null}>
          <CreateCourseDialog open={creating} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </Container>
  );
}
