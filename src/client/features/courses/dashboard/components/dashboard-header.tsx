import { useTranslation } from '@/lib/use-translation';
import Plus from 'lucide-react/icons/plus';
import type { TUser } from '@shared/schemas/users.ts';
import { isNewcomer } from '@/lib/newcomer';
import { Button } from '@/components/ui/button';
import { CompanyVerificationNotice } from './company-verification-notice';

/** Greeting with the user's and company's names, and the overview's one primary action: create a course. */
export function DashboardHeader({ user, onCreateCourse }: { user: TUser; onCreateCourse: () => void }) {
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
      </div>
      <CompanyVerificationNotice user={user} />
    </div>
  );
}
