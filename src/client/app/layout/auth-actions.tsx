import { useTranslation } from 'react-i18next';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useShell } from '@/lib/shell-context';

interface AuthActionsProps {
  /** Stacked full-width buttons for the mobile menu; a row for the header. */
  layout: 'row' | 'stack';
  onNavigate?: () => void;
}

/** Logged out: log in and Get Started. Logged in: the user's name, Dashboard and Log out. */
export function AuthActions({ layout, onNavigate }: AuthActionsProps) {
  const { t } = useTranslation();
  const { session, logout, logoutPending } = useShell();
  const stack = layout === 'stack';
  const wrap = cn('flex gap-2', stack ? 'flex-col items-stretch' : 'items-center');

  if (session.status === 'loading') return <Skeleton height="lg" className={stack ? 'w-full' : 'w-40'} />;

  if (!session.user) {
    return (
      <div className={wrap}>
        <LinkButton variant={stack ? 'secondary' : 'ghost'} size={stack ? 'md' : 'sm'} to="/login" onClick={onNavigate}>
          {t('nav.login')}
        </LinkButton>
        <LinkButton size={stack ? 'md' : 'sm'} to="/register" onClick={onNavigate}>
          {t('nav.getStarted')}
        </LinkButton>
      </div>
    );
  }

  const name = session.user.contactName || session.user.username;
  return (
    <div className={wrap}>
      <span className={cn('flex items-center gap-2 text-sm font-medium', stack ? 'py-2' : 'max-w-40')}>
        <UserRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate" data-testid="nav-user-name">
          {name}
        </span>
      </span>
      <LinkButton variant="secondary" size={stack ? 'md' : 'sm'} to="/dashboard" onClick={onNavigate}>
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {t('nav.dashboard')}
      </LinkButton>
      <Button
        variant="ghost"
        size={stack ? 'md' : 'sm'}
        disabled={logoutPending}
        onClick={() => {
          onNavigate?.();
          logout();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('nav.logout')}
      </Button>
    </div>
  );
}
