import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import ChartPie from 'lucide-react/icons/chart-pie';
import Coins from 'lucide-react/icons/coins';
import TrendingDown from 'lucide-react/icons/trending-down';
import TrendingUp from 'lucide-react/icons/trending-up';
import Minus from 'lucide-react/icons/minus';
import Users from 'lucide-react/icons/users';
import type { TInstructorStats } from '@shared/schemas/dashboard.ts';
import { StatCard } from '@/components/ui/stat-card';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useInstructorStats } from '@/features/site/instructors/api';
import { Dash } from './dash';
import { LoadFailed } from '@/components/ui/load-state';

type Trend = TInstructorStats['trends']['enrolments'];
const STATS: {
  key: 'courses' | 'students' | 'revenue' | 'completion';
  icon: typeof BookOpen;
  value: (s: TInstructorStats) => string;
  trend?: { key: 'enrolments' | 'completions'; of: (s: TInstructorStats) => Trend };
}[] = [
  { key: 'courses', icon: BookOpen, value: (s) => formatNumber(s.totalCourses) },
  {
    key: 'students',
    icon: Users,
    value: (s) => formatNumber(s.totalStudents),
    trend: { key: 'enrolments', of: (s) => s.trends.enrolments },
  },
  { key: 'revenue', icon: Coins, value: (s) => formatMoney(s.totalRevenue) },
  {
    key: 'completion',
    icon: ChartPie,
    value: (s) => formatPercent(s.completionRate / 100),
    trend: { key: 'completions', of: (s) => s.trends.completions },
  },
];

/** The last 30 days against the 30 before, in words, with an arrow that repeats them. */
function TrendLine({ name, trend }: { name: 'enrolments' | 'completions'; trend: Trend }) {
  const { t } = useTranslation('account');
  const Icon = trend.current > trend.previous ? TrendingUp : trend.current < trend.previous ? TrendingDown : Minus;
  return (
    <span className="mt-2 flex items-start gap-1.5 text-foreground" data-testid={`trend-${name}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>{t(`dashboard.stats.trend.${name}`, { count: trend.current, previous: formatNumber(trend.previous) })}</span>
    </span>
  );
}

/** The dashboard's four stat cards, from GET /api/instructors/{me}/stats; each caption says what it counts, and learners and completions how they moved lately. */
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
        {STATS.map(({ key, icon, value, trend }) => (
          <StatCard
            key={key}
            icon={icon}
            label={t(`dashboard.stats.${key}`)}
            value={stats.data ? <span data-testid={`stat-${key}`}>{value(stats.data)}</span> : <Dash label={t('dashboard.loading')} />}
            caption={
              // The public site's figures share the card, so the trend rides in its caption rather than a prop of its own.
              <>
                {t(`dashboard.stats.${key}Caption`)}
                {trend && stats.data && <TrendLine name={trend.key} trend={trend.of(stats.data)} />}
              </>
            }
          />
        ))}
      </div>
    </section>
  );
}
