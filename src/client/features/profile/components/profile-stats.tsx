import { useTranslation } from '@/lib/use-translation';
import BookOpen from 'lucide-react/icons/book-open';
import Coins from 'lucide-react/icons/coins';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import { StatCard } from '@/components/ui/stat-card';
import { formatMoney, formatNumber } from '@/lib/format';

/**
 * The Statistikker tab. There are no courses, students or ratings yet, so it shows true zeros
 * (and a dash for a rating that does not exist) instead of sample figures.
 */
export function ProfileStats() {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t('profile.stats.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('profile.stats.lead')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={BookOpen}
          label={t('profile.stats.courses')}
          value={formatNumber(0)}
          caption={t('profile.stats.coursesCaption')}
        />
        <StatCard
          icon={Users}
          label={t('profile.stats.students')}
          value={formatNumber(0)}
          caption={t('profile.stats.studentsCaption')}
        />
        <StatCard
          icon={Star}
          label={t('profile.stats.rating')}
          value={<span aria-label={t('profile.stats.noRating')}>–</span>}
          caption={t('profile.stats.ratingCaption')}
        />
        <StatCard
          icon={Coins}
          label={t('profile.stats.revenue')}
          value={formatMoney(0)}
          caption={t('profile.stats.revenueCaption')}
        />
      </div>
    </div>
  );
}
