import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { Container } from '@/components/ui/container';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { LoadingPart } from '@/components/ui/loading-part';
import { StageItem } from '@/components/ui/stage-item';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { serverMessage } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useComplianceAccess } from './api/compliance';

// Each tab's code loads when it is first opened.
const MatrixPanel = lazy(() => import('./components/matrix-panel').then((m) => ({ default: m.MatrixPanel })));
const RequirementsPanel = lazy(() => import('./components/requirements-panel').then((m) => ({ default: m.RequirementsPanel })));
const GroupsPanel = lazy(() => import('./components/groups-panel').then((m) => ({ default: m.GroupsPanel })));

/**
 * /compliance: who must take which course and who has, for the company's admins (all of it) and the
 * managers of groups (their groups): the status matrix and its reports, the requirements, the groups.
 */
export function CompliancePage() {
  const { t } = useTranslation('compliance');
  usePageMeta(t('page.title'));
  const access = useComplianceAccess();
  if (access.isPending) return <Loading />;
  if (access.isError) return <LoadFailed message={serverMessage(access.error) ?? t('page.failed')} onRetry={access.refetch} />;
  const mine = access.data;
  if (!mine.admin && mine.managedGroups.length === 0) return <Navigate to="/dashboard" replace />;
  return (
    <Container className="flex max-w-7xl flex-col gap-8 py-8 sm:py-10">
      <StageItem>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          {mine.admin ? t('page.description') : t('page.managerDescription', { groups: mine.managedGroups.map((g) => g.name).join(', ') })}
        </p>
      </StageItem>
      <StageItem>
        <Tabs defaultValue="status" className="flex flex-col gap-6">
          <TabsList aria-label={t('page.title')}>
            <TabsTrigger value="status">{t('tabs.status')}</TabsTrigger>
            <TabsTrigger value="requirements">{t('tabs.requirements')}</TabsTrigger>
            <TabsTrigger value="groups">{t('tabs.groups')}</TabsTrigger>
          </TabsList>
          <Suspense fallback={<LoadingPart className="h-96" />}>
            <TabsContent value="status">
              <MatrixPanel access={mine} />
            </TabsContent>
            <TabsContent value="requirements">
              <RequirementsPanel access={mine} />
            </TabsContent>
            <TabsContent value="groups">
              <GroupsPanel access={mine} />
            </TabsContent>
          </Suspense>
        </Tabs>
      </StageItem>
    </Container>
  );
}
