import { useTranslation } from 'react-i18next';
import ChartLine from 'lucide-react/icons/chart-line';
import Plus from 'lucide-react/icons/plus';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { LinkButton } from '@/components/ui/link-button';
import { ComingSoonButton } from '@/components/ui/coming-soon-button';

/** Greeting with the user's and company's names, and the dashboard's three actions. */
export function DashboardHeader({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm font-medium text-accent">{user.companyName}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {t('dashboard.greeting', { name: user.contactName || user.username })}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('dashboard.lead')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <ComingSoonButton badge={t('comingSoon')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('dashboard.createCourse')}
        </ComingSoonButton>
        <ComingSoonButton badge={t('comingSoon')}>
          <ChartLine aria-hidden="true" className="size-4" />
          {t('dashboard.analyse')}
        </ComingSoonButton>
        <LinkButton to="/profile">
          <UserRound aria-hidden="true" className="size-4" />
          {t('dashboard.myProfile')}
        </LinkButton>
      </div>
    </div>
  );
}
