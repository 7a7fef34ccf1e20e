import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unreadQuery } from '@/features/notifications/unread';
import { useTranslation } from '@/lib/use-translation';
import { barButton } from './bar-launchers';

// The list, its marking and its strings load on the first intent to open the bell: every app
// page's first load carries only the button and its count (the builder has almost no room left).
const loadPanel = () => import('@/features/notifications/components/bell-panel');
const BellPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The bell in the workspace's top bar: how many of my notifications are unread, and on a press the
 * newest of them (a disclosure like the account menu: the panel follows the button, Escape closes
 * it and gives the focus back).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(unreadQuery).data?.unread;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
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
        aria-label={t(unread ? 'workspace.notificationsUnread' : 'workspace.notifications', { count: unread })}
        onClick={() => setOpen(!open)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        className={`${barButton} relative aria-expanded:bg-accent-soft aria-expanded:text-accent`}
      >
        {/* Lucide's bell in its earlier, shorter drawing, inline: fewer bytes than its icon module in every app page's first load. */}
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="size-5"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {!!unread && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 min-w-4 rounded-full bg-destructive px-1 text-xs leading-4 text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPanel root={root} close={close} />
        </Suspense>
      )}
    </div>
  );
}
