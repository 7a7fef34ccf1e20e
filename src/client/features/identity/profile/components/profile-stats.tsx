import type { ComponentType, ReactNode } from 'react';
import type { LucideProps } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import Award from 'lucide-react/icons/award';
import BookOpen from 'lucide-react/icons/book-open';
import ChartPie from 'lucide-react/icons/chart-pie';
import Coins from 'lucide-react/icons/coins';
import Hourglass from 'lucide-react/icons/hourglass';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import type { TUser } from '@shared/schemas/users.ts';
import { StatCard } from '@/components/ui/stat-card';
import { useInstructorStats } from '@/features/site/instructors/api';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { useMyLearning } from '@/features/learning/learning/api/learning';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { learningFigures } from '../lib/learning-figures';

interface Figure {
  key: string;
  icon: ComponentType<LucideProps>;
  label: string;
  value: ReactNode;
  caption: string;
}

/**
 * The Statistikker tab: the user's own figures, never sample ones. An instructor or admin sees
 * their teaching (GET /api/instructors/{me}/stats); a learner their learning (GET /api/learning).
 */
export function ProfileStats({ user }: { user: TUser }) {
  return user.role === 'learner' ? <LearnerStats /> : <TeachingStats userId={user.id} />;
}

function TeachingStats({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const stats = useInstructorStats(userId);
  const s = stats.data;
  const figures: Figure[] | null = s
    ? [
        {
          key: 'courses',
          icon: BookOpen,
          label: t('profile.stats.courses'),
          value: formatNumber(s.totalCourses),
          caption: t('profile.stats.coursesCaption'),
        },
        {
          key: 'students',
          icon: Users,
          label: t('profile.stats.students'),
          value: formatNumber(s.totalStudents),
          caption: t('profile.stats.studentsCaption'),
        },
        {
          key: 'rating',
          icon: Star,
          label: t('profile.stats.rating'),
          value: s.averageRating === null ? t('profile.stats.noRating') : formatNumber(s.averageRating),
          caption: s.averageRating === null ? t('profile.stats.ratingCaptionNone') : t('profile.stats.ratingCaption'),
        },
        {
          key: 'revenue',
          icon: Coins,
          label: t('profile.stats.revenue'),
          value: formatMoney(s.totalRevenue),
          caption: t('profile.stats.revenueCaption'),
        },
      ]
    : null;
  return <StatsGrid lead={t('profile.stats.lead')} figures={figures} failed={stats.isError} onRetry={stats.refetch} />;
}

function LearnerStats() {
  const { t } = useTranslation('account');
  const learning = useMyLearning();
  const f = learning.data ? learningFigures(learning.data.enrolments) : null;
  const figures: Figure[] | null = f
    ? [
        {
          key: 'enrolled',
          icon: BookOpen,
          label: t('profile.stats.enrolled'),
          value: formatNumber(f.enrolled),
          caption: t('profile.stats.enrolledCaption'),
        },
        {
          key: 'completed',
          icon: Award,
          label: t('profile.stats.completed'),
          value: formatNumber(f.completed),
          caption: t('profile.stats.completedCaption'),
        },
        {
          key: 'inProgress',
          icon: Hourglass,
          label: t('profile.stats.inProgress'),
          value: formatNumber(f.inProgress),
          caption: t('profile.stats.inProgressCaption'),
        },
        {
          key: 'progress',
          icon: ChartPie,
          label: t('profile.stats.progress'),
          value: f.averageProgress === null ? t('profile.stats.noProgress') : formatPercent(f.averageProgress / 100),
          caption: t('profile.stats.progressCaption'),
        },
      ]
    : null;
  return <StatsGrid lead={t('profile.stats.learnerLead')} figures={figures} failed={learning.isError} onRetry={learning.refetch} />;
}

function StatsGrid({
  lead,
  figures,
  failed,
  onRetry,
}: {
  lead: string;
  figures: Figure[] | null;
  failed: boolean;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t('profile.stats.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{lead}</p>
      </div>
      {failed ? (
        <LoadFailed message={t('profile.stats.failed')} onRetry={onRetry} />
      ) : !figures ? (
        <Loading />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="profile-stats">
          {figures.map(({ key, icon, label, value, caption }) => (
            <StatCard
              key={key}
              icon={icon}
              label={label}
              value={<span data-testid={`profile-stat-${key}`}>{value}</span>}
              caption={caption}
            />
          ))}
        </div>
      )}
    </div>
  );
}
