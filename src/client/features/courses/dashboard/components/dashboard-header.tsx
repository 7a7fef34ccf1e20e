import { useTranslation } from '@/lib/use-translation';
import ChartLine from 'lucide-react/icons/chart-line';
import Plus from 'lucide-react/icons/plus';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { isNewcomer } from '@/lib/newcomer';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { CompanyVerificationNotice } from './company-verification-notice';

/** Greeting with the user's and company's names, and the dashboard's actions: create a course, open Analyser, the profile. */
export function DashboardHeader({ user, onCreateCourse, onAnalyse }: { user: TUser; onCreateCourse: () => void; onAnalyse: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm font-medium text-accent">{user.companyName}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {t(isNewcomer(user.id) ? 'dashboard.greetingNew' : 'dashboard.greeting', { name: user.contactName || user.username })}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('dashboard.lead')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onCreateCourse}>
          <Plus aria-hidden="true" className="size-4" />
          {t('dashboard.createCourse')}
        </Button>
        <Button variant="secondary" onClick={onAnalyse}>
          <ChartLine aria-hidden="true" className="size-4" />
          {t('dashboard.analyse')}
        </Button>
        <LinkButton to="/profile">
          <UserRound aria-hidden="true" className="size-4" />
          {t('dashboard.myProfile')}
        </LinkButton>
      </div>
      <CompanyVerificationNotice user={user} />
    </div>
  );
}
