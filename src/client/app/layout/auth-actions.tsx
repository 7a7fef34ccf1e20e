import { useTranslation } from '@/lib/use-translation';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { cn } from '@/lib/cn';
import { useShell } from '@/lib/shell-context';

interface AuthActionsProps {
  /** Stacked full-width buttons for the mobile menu; a row for the header. */
  layout: 'row' | 'stack';
  onNavigate?: () => void;
}

/**
 * Logged out: log in and Get Started. Logged in: the user's name, Dashboard and Log out. In the
 * bar between 1024 and 1279 px the two logged-in buttons show only their icons (their names stay
 * for screen readers and as tooltips), so the whole bar fits from 1024 px.
 */
export function AuthActions({ layout, onNavigate }: AuthActionsProps) {
  const { t } = useTranslation();
  const { session, logout, logoutPending } = useShell();
  const stack = layout === 'stack';
  const wrap = cn('flex gap-2', stack ? 'flex-col items-stretch' : 'items-center');

  // A plain stand-in (not the Skeleton component): this header is on every page's first load.
  if (session.status === 'loading')
    return <div aria-hidden="true" className={cn('h-8 animate-pulse rounded-md bg-muted', stack ? 'w-full' : 'w-40')} />;

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
  // Only the header row is narrow; the mobile menu's stacked buttons always show their labels.
  const compactLabel = stack ? undefined : 'max-xl:sr-only';
  const compactButton = stack ? undefined : 'max-xl:px-2.5';
  return (
    <div className={wrap}>
      <span className={cn('flex items-center gap-2 text-sm font-medium', stack ? 'py-2' : 'max-w-24 xl:max-w-40')}>
        <UserRound aria-hidden="true" className={cn('size-4 shrink-0 text-muted-foreground', !stack && 'max-xl:hidden')} />
        <span className="truncate" title={name} data-testid="nav-user-name">
          {name}
        </span>
      </span>
      <LinkButton
        variant="secondary"
        size={stack ? 'md' : 'sm'}
        // A learner has no instructor dashboard: their Dashboard button leads to their learning.
        to={session.user.role === 'learner' ? '/learn' : '/dashboard'}
        onClick={onNavigate}
        className={compactButton}
        title={stack ? undefined : t('nav.dashboard')}
      >
        <LayoutDashboard aria-hidden="true" className="size-4" />
        <span className={compactLabel}>{t('nav.dashboard')}</span>
      </LinkButton>
      <Button
        variant="ghost"
        size={stack ? 'md' : 'sm'}
        disabled={logoutPending}
        className={compactButton}
        title={stack ? undefined : t('nav.logout')}
        onClick={() => {
          onNavigate?.();
          logout();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        <span className={compactLabel}>{t('nav.logout')}</span>
      </Button>
    </div>
  );
}
