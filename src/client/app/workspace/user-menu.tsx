import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { TUser } from '@shared/schemas/users.ts';
import { useTranslation } from '@/lib/use-translation';

// The open panel (its links, icons and the listeners that close it) loads on the first intent to
// open the menu: every app page's first load carries only the button, which names the person.
const loadPanel = () => import('./user-menu-panel');
const UserMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

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
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const name = user.contactName || user.username;
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
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
        <Suspense fallback={null}>
          <UserMenuPanel user={user} id={panelId} root={root} close={close} />
        </Suspense>
      )}
    </div>
  );
}
