import { useTranslation } from '@/lib/use-translation';
import Lock from 'lucide-react/icons/lock';
import type { TUser } from '@shared/schemas/users.ts';
import { DEMO_ACCOUNT } from '@shared/demo.ts';

/**
 * The shared demo account may not change its details or password (the server answers 403
 * DEMO_LOCKED). The page says so before anyone starts editing, instead of after a failed save.
 */
export function isDemoUser(user: Pick<TUser, 'email'>): boolean {
  return user.email.toLowerCase() === DEMO_ACCOUNT.email;
}

/** The notice that explains the lock; controls it disables point at it with aria-describedby. */
export function DemoLockNotice({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  return (
    <p
      id={id}
      role="note"
      className="flex items-start gap-3 rounded-xl border border-border bg-muted p-4 text-sm leading-relaxed text-foreground"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      {t('profile.demoLocked')}
    </p>
  );
}
