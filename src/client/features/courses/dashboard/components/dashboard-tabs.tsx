import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { LoadingPart } from '@/components/ui/loading-part';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DASHBOARD_TABS, type DashboardTab } from '../lib/dashboard-tab';
import { ActivityList } from './activity-list';
import { CourseList } from './course-list';
import { QuickActions } from './quick-actions';

// The tabs besides the overview and the courses load their code when first opened: the settings
// (the company site, the team and its forms), the students and the analytics are a good third of
// the dashboard's own code, and most visits never open them.
const StudentList = lazy(() => import('./student-list').then((m) => ({ default: m.StudentList })));
const AnalyticsPanel = lazy(() => import('./analytics-panel').then((m) => ({ default: m.AnalyticsPanel })));
const SettingsPanel = lazy(() => import('./settings-panel'));

export interface DashboardTabsProps {
  userId: string;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  onCreateCourse: () => void;
}

/**
 * The dashboard's five tabs, default Oversigt, the open one in the address (?tab=). A panel is mounted
 * only while its tab is open, so Studerende and Analyser ask for their data then.
 */
export function DashboardTabs({ userId, tab, onTabChange, onCreateCourse }: DashboardTabsProps) {
  const { t } = useTranslation('account');
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as DashboardTab)}>
      <TabsList aria-label={t('dashboard.tabs.label')}>
        {DASHBOARD_TABS.map((name) => (
          <TabsTrigger key={name} value={name}>
            {t(`dashboard.tabs.${name}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <ActivityList userId={userId} />
        <QuickActions userId={userId} onCreateCourse={onCreateCourse} onViewAnalytics={() => onTabChange('analytics')} />
      </TabsContent>
      <TabsContent value="courses">
        <CourseList userId={userId} onCreateCourse={onCreateCourse} />
      </TabsContent>
      <TabsContent value="students">
        <Suspense fallback={<LoadingPart className="h-64" />}>
          <StudentList userId={userId} />
        </Suspense>
      </TabsContent>
      <TabsContent value="analytics">
        <Suspense fallback={<LoadingPart className="h-96" />}>
          <AnalyticsPanel userId={userId} />
        </Suspense>
      </TabsContent>
      <TabsContent value="settings" className="flex flex-col gap-6">
        <Suspense fallback={<LoadingPart className="h-96" />}>
          <SettingsPanel />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
