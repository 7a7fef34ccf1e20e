import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { useMe } from '@/features/auth/api/get-me';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardStats } from '@/features/dashboard/components/dashboard-stats';
import { DashboardTabs } from '@/features/dashboard/components/dashboard-tabs';
import { usePageMeta } from '@/lib/use-page-meta';

/** SPEC §2 instructor dashboard; the route table's guard guarantees a session. */
export default function DashboardRoute() {
  const { t } = useTranslation('account');
  usePageMeta(t('dashboard.metaTitle'));
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <Container className="flex max-w-7xl flex-col gap-10 py-12 sm:py-16">
      <StageItem>
        <DashboardHeader user={user} />
      </StageItem>
      <StageItem>
        <DashboardStats />
      </StageItem>
      <StageItem>
        <DashboardTabs />
      </StageItem>
    </Container>
  );
}
