import type { ReactNode } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { useAiStatus } from '../api/ai-status';
import { SetupRequired } from './setup-required';

export const CREATOR_PATH = '/course-creator';

/** Whether the AI can be used here by this user, and if not, why: no provider, not logged in, or not an admin or instructor. */
export function useAiAvailability() {
  const { session } = useShell();
  const user = session.user;
  const status = useAiStatus(user?.id ?? null);
  const builder = user?.role === 'admin' || user?.role === 'instructor';
  const state =
    session.status === 'loading' || status.isPending
      ? 'checking'
      : status.data && !status.data.configured
        ? 'setup'
        : !user
          ? 'login'
          : !builder
            ? 'role'
            : 'ready';
  return { state, admin: user?.role === 'admin' } as const;
}

/**
 * Shows its children (an AI action) only when the AI can run for this user; otherwise 'Setup
 * Required', the way to log in, or who may use it. Never an action that cannot work.
 */
export function AiGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('creator-wizard');
  const { state, admin } = useAiAvailability();
  if (state === 'ready') return children;
  if (state === 'setup') return <SetupRequired admin={admin} />;
  if (state === 'checking')
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('gate.checking')}
      </p>
    );
  if (state === 'role') return <p className="text-sm text-muted-foreground">{t('gate.role')}</p>;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-muted-foreground">{t('gate.login')}</p>
      <LinkButton size="sm" variant="secondary" to={`/login?next=${encodeURIComponent(CREATOR_PATH)}`}>
        <LogIn aria-hidden="true" className="size-4" />
        {t('gate.loginButton')}
      </LinkButton>
    </div>
  );
}
