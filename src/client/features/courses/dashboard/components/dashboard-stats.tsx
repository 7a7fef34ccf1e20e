import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import ChartPie from 'lucide-react/icons/chart-pie';
import Coins from 'lucide-react/icons/coins';
import Users from 'lucide-react/icons/users';
import type { TInstructorStats } from '@shared/schemas/dashboard.ts';
import { StatCard } from '@/components/ui/stat-card';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useInstructorStats } from '@/features/site/instructors/api';
import { Dash } from './dash';
import { LoadFailed } from '@/components/ui/load-state';

const STATS = [
  { key: 'courses', icon: BookOpen, value: (s: TInstructorStats) => formatNumber(s.totalCourses) },
  { key: 'students', icon: Users, value: (s: TInstructorStats) => formatNumber(s.totalStudents) },
  { key: 'revenue', icon: Coins, value: (s: TInstructorStats) => formatMoney(s.totalRevenue) },
  { key: 'completion', icon: ChartPie, value: (s: TInstructorStats) => formatPercent(s.completionRate / 100) },
] as const;

/** The dashboard's four stat cards, from GET /api/instructors/{me}/stats; each caption says what it counts. */
export function DashboardStats({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const stats = useInstructorStats(userId);
  return (
    <section aria-labelledby="dashboard-stats-title" aria-busy={stats.isPending || undefined}>
      <h2 id="dashboard-stats-title" className="sr-only">
        {t('dashboard.stats.title')}
      </h2>
      {stats.isError && (
        <div className="mb-4">
          <LoadFailed message={t('dashboard.stats.failed')} onRetry={stats.refetch} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-stats">
        {STATS.map(({ key, icon, value }) => (
          <StatCard
            key={key}
            icon={icon}
            label={t(`dashboard.stats.${key}`)}
            value={stats.data ? <span data-testid={`stat-${key}`}>{value(stats.data)}</span> : <Dash label={t('dashboard.loading')} />}
            caption={t(`dashboard.stats.${key}Caption`)}
          />
        ))}
      </div>
    </section>
  );
}
