import { useTranslation } from '@/lib/use-translation';
import Activity from 'lucide-react/icons/activity';
import ChartColumn from 'lucide-react/icons/chart-column';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import { LinkButton } from '@/components/ui/link-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TeamSettings } from '@/features/team/components/team-settings';
import { CompanySiteSettings } from './company-site-settings';
import { CourseList } from './course-list';
import { QuickActions } from './quick-actions';

const TABS = ['overview', 'courses', 'students', 'analytics', 'settings'] as const;

/** SPEC §2 dashboard tabs (default Oversigt); Mine Kurser lists the real courses, the rest say honestly what comes. */
export function DashboardTabs({ onCreateCourse }: { onCreateCourse?: (() => void) | undefined }) {
  const { t } = useTranslation('account');
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label={t('dashboard.tabs.label')}>
        {TABS.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            {t(`dashboard.tabs.${tab}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <EmptyState
          icon={Activity}
          title={t('dashboard.empty.activity.title')}
          description={t('dashboard.empty.activity.description')}
        />
        <QuickActions onCreateCourse={onCreateCourse} />
      </TabsContent>
      <TabsContent value="courses">
        <CourseList onCreateCourse={onCreateCourse} />
      </TabsContent>
      <TabsContent value="students">
        <EmptyState
          icon={Users}
          title={t('dashboard.empty.students.title')}
          description={t('dashboard.empty.students.description')}
        />
      </TabsContent>
      <TabsContent value="analytics">
        <EmptyState
          icon={ChartColumn}
          title={t('dashboard.empty.analytics.title')}
          description={t('dashboard.empty.analytics.description')}
        />
      </TabsContent>
      <TabsContent value="settings" className="flex flex-col gap-6">
        <CompanySiteSettings />
        <TeamSettings />
        <EmptyState
          icon={Settings}
          title={t('dashboard.settings.title')}
          description={t('dashboard.settings.description')}
        >
          <LinkButton to="/profile">{t('dashboard.settings.action')}</LinkButton>
        </EmptyState>
      </TabsContent>
    </Tabs>
  );
}
