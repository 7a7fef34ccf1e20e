import { useEffect, useId, useRef, useState } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { Link } from 'react-router';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

const itemClasses =
  'flex h-10 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-55';

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The account menu at the right of the top bar: who is logged in, the profile, the public site,
 * logging out. A disclosure (a button that shows and hides a list of links), not an ARIA menu: it
 * needs no positioning library in every app page's first load, and its links are plain links to
 * Tab through. Escape or a click elsewhere closes it; Escape gives the focus back to the button.
 */
export function UserMenu({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const { logout, logoutPending } = useShell();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = user.contactName || user.username;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="flex h-10 items-center gap-2 rounded-lg px-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:px-2"
      >
        {/* Named by what it shows, with the word for what it is first, as a screen reader and voice control read it. */}
        <span className="sr-only">{t('workspace.account')}: </span>
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
        >
          {initialsOf(name)}
        </span>
        <span className="hidden max-w-40 truncate md:inline" data-testid="nav-user-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground md:block" />
      </button>
      {/* Rendered only while open: closed, the top bar names the person once. */}
      {open && (
        <div
          id={panelId}
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-xl"
        >
          <p className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.companyName}</span>
          </p>
          <ul className="flex flex-col border-t border-border pt-1">
            <li>
              <Link to="/profile" className={itemClasses} onClick={() => setOpen(false)}>
                <UserRound aria-hidden="true" className="size-4" />
                {t('workspace.profile')}
              </Link>
            </li>
            <li>
              <Link to="/" className={itemClasses} onClick={() => setOpen(false)}>
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
      )}
    </div>
  );
}
