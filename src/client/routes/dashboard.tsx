import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { useMe } from '@/features/auth/api/get-me';
import { CreateCourseDialog } from '@/features/builder/components/create-course-dialog';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardStats } from '@/features/dashboard/components/dashboard-stats';
import { DashboardTabs } from '@/features/dashboard/components/dashboard-tabs';
import { usePageMeta } from '@/lib/use-page-meta';

/** SPEC §2 instructor dashboard; the route table's guard guarantees a session. */
export default function DashboardRoute() {
  const { t } = useTranslation('account');
  usePageMeta(t('dashboard.metaTitle'));
  const { data: user } = useMe();
  const [params, setParams] = useSearchParams();
  const canCreate = user?.role === 'admin' || user?.role === 'instructor';
  // The course creator's 'Start Manual' (and a guard's return after logging in) arrive with ?new=course.
  const wantsNew = params.get('new') === 'course';
  const [creating, setCreating] = useState(() => wantsNew && canCreate);
  // The parameter goes when the dialog closes (changing the address re-enters the page).
  const onOpenChange = (open: boolean) => {
    setCreating(open);
    if (open || !wantsNew) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('new');
        return next;
      },
      { replace: true },
    );
  };

  if (!user) return null;
  const onCreateCourse = canCreate ? () => setCreating(true) : undefined;
  return (
    <Container className="flex max-w-7xl flex-col gap-10 py-12 sm:py-16">
      <StageItem>
        <DashboardHeader user={user} onCreateCourse={onCreateCourse} />
      </StageItem>
      <StageItem>
        <DashboardStats />
      </StageItem>
      <StageItem>
        <DashboardTabs onCreateCourse={onCreateCourse} />
      </StageItem>
      {canCreate && <CreateCourseDialog open={creating} onOpenChange={onOpenChange} />}
    </Container>
  );
}
