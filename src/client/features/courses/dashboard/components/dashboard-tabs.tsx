import { useTranslation } from '@/lib/use-translation';
import Settings from 'lucide-react/icons/settings';
import { LinkButton } from '@/components/ui/link-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TeamSettings } from '@/features/identity/team/components/team-settings';
import { DASHBOARD_TABS, type DashboardTab } from '../lib/dashboard-tab';
import { ActivityList } from './activity-list';
import { AnalyticsPanel } from './analytics-panel';
import { CompanySiteSettings } from './company-site-settings';
import { CourseList } from './course-list';
import { QuickActions } from './quick-actions';
import { StudentList } from './student-list';

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
        <StudentList userId={userId} />
      </TabsContent>
      <TabsContent value="analytics">
        <AnalyticsPanel userId={userId} />
      </TabsContent>
      <TabsContent value="settings" className="flex flex-col gap-6">
        <CompanySiteSettings />
        <TeamSettings />
        <EmptyState icon={Settings} title={t('dashboard.settings.title')} description={t('dashboard.settings.description')}>
          <LinkButton to="/profile">{t('dashboard.settings.action')}</LinkButton>
        </EmptyState>
      </TabsContent>
    </Tabs>
  );
}
