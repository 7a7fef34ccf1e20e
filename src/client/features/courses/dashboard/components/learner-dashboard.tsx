import { useTranslation } from '@/lib/use-translation';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import type { TUser } from '@shared/schemas/users.ts';
import { isNewcomer } from '@/lib/newcomer';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';

/**
 * What /dashboard shows a learner: the instructor dashboard is not theirs (its figures are of
 * courses they do not teach), so it says so and leads to their own learning and profile.
 */
export function LearnerDashboard({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-8">
      <div>
        <p className="text-sm font-medium text-accent">{user.companyName}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {t(isNewcomer(user.id) ? 'dashboard.greetingNew' : 'dashboard.greeting', { name: user.contactName || user.username })}
        </h1>
      </div>
      <EmptyState icon={GraduationCap} level={2} title={t('dashboard.learner.title')} description={t('dashboard.learner.description')}>
        <LinkButton to="/learn">{t('dashboard.learner.action')}</LinkButton>
        <LinkButton to="/profile" variant="secondary">
          {t('dashboard.myProfile')}
        </LinkButton>
      </EmptyState>
    </div>
  );
}
