import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import ChartPie from 'lucide-react/icons/chart-pie';
import Coins from 'lucide-react/icons/coins';
import Users from 'lucide-react/icons/users';
import { StatCard } from '@/components/ui/stat-card';
import { useCourseList } from '../api/courses';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';

const STATS = [
  { key: 'courses', icon: BookOpen, value: (courses: number) => formatNumber(courses) },
  { key: 'students', icon: Users, value: () => formatNumber(0) },
  { key: 'revenue', icon: Coins, value: () => formatMoney(0) },
  { key: 'completion', icon: ChartPie, value: () => formatPercent(0) },
] as const;

/**
 * SPEC §2 dashboard stat cards. The course count is the company's real courses; enrolments do not
 * exist yet, so those figures are a true zero rather than sample data.
 */
export function DashboardStats() {
  const { t } = useTranslation('account');
  const courses = useCourseList().data?.courses.length ?? 0;
  return (
    <section aria-labelledby="dashboard-stats-title">
      <h2 id="dashboard-stats-title" className="sr-only">
        {t('dashboard.stats.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map(({ key, icon, value }) => (
          <StatCard
            key={key}
            icon={icon}
            label={t(`dashboard.stats.${key}`)}
            value={value(courses)}
            caption={key === 'courses' && courses > 0 ? t('dashboard.stats.coursesCaptionSome', { count: courses }) : t(`dashboard.stats.${key}Caption`)}
          />
        ))}
      </div>
    </section>
  );
}
