import { type RefObject } from 'react';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { Link } from 'react-router';
import { useShell } from '@/lib/shell-context';
import { useDismiss } from '@/lib/use-dismiss';
import { useTranslation } from '@/lib/use-translation';

const itemClasses =
  'flex h-10 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-55';

/** The account menu's open panel: who is logged in, the profile, the public site, logging out. */
export default function UserMenuPanel({
  user,
  id,
  root,
  close,
}: {
  user: TUser;
  id: string;
  root: RefObject<HTMLElement | null>;
  close: (focusButton: boolean) => void;
}) {
  const { t } = useTranslation();
  const { logout, logoutPending } = useShell();
  useDismiss(root, close);
  return (
    <div
      id={id}
      className="absolute top-full right-0 z-50 mt-2 w-64 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-xl"
    >
      <p className="px-3 py-2">
        <span className="block truncate text-sm font-semibold">{user.contactName || user.username}</span>
        <span className="block truncate text-xs text-muted-foreground">{user.companyName}</span>
      </p>
      <ul className="flex flex-col border-t border-border pt-1">
        <li>
          <Link to="/profile" className={itemClasses} onClick={() => close(false)}>
            <UserRound aria-hidden="true" className="size-4" />
            {t('workspace.profile')}
          </Link>
        </li>
        <li>
          <Link to="/" className={itemClasses} onClick={() => close(false)}>
            <House aria-hidden="true" className="size-4" />
            {t('workspace.frontPage')}
          </Link>
        </li>
        <li className="mt-1 border-t border-border pt-1">
          <button type="button" className={itemClasses} disabled={logoutPending} onClick={logout}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
