import { useId, useRef, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDismiss } from '@/lib/use-dismiss';
import { useTranslation } from '@/lib/use-translation';
import { useLatestNotifications, useMarkRead } from '../api';
import { unreadQuery } from '../unread';
import { NotificationItem } from './notification-item';

/**
 * What the bell opens: the newest notifications, each a way into the app, "Marker alle som læst"
 * and the way to all of them. It follows the bell in the tab order; Escape closes it and gives the
 * focus back to the bell, a click or the focus elsewhere closes it.
 */
export default function BellPanel({ root, close }: { root: RefObject<HTMLElement | null>; close: (focusBell: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const latest = useLatestNotifications();
  const mark = useMarkRead();
  const unread = useQuery(unreadQuery).data?.unread ?? 0;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useDismiss(root, close);

  const notifications = latest.data?.notifications ?? [];
  return (
    <div
      aria-labelledby={headingId}
      role="group"
      data-testid="bell-panel"
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-xl border border-border bg-card text-foreground shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-3 py-2">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {t('title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || mark.isPending}
          onClick={() => {
            // The button goes disabled once nothing is unread: the focus stays in the panel.
            heading.current?.focus();
            mark.mutate({ all: true });
          }}
        >
          {t('markAllRead')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {latest.isPending ? (
          <p role="status" className="px-4 py-6 text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : latest.isError ? (
          <p role="alert" className="px-4 py-6 text-sm text-danger">
            {t('loadFailed')}{' '}
            <Button variant="ghost" size="sm" onClick={() => void latest.refetch()}>
              {t('retry')}
            </Button>
          </p>
        ) : notifications.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted-foreground">{t('empty.title')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {notifications.map((notification) => (
              <li key={notification.id} className="hover:bg-muted">
                <NotificationItem
                  compact
                  notification={notification}
                  onOpen={() => {
                    if (notification.readAt === null) mark.mutate({ ids: [notification.id] });
                    close(false);
                  }}
                  onMarkRead={() => mark.mutate({ ids: [notification.id] })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-border p-1.5">
        <Link
          to="/notifications"
          onClick={() => close(false)}
          className="flex h-10 items-center justify-center rounded-md px-3 text-sm font-medium text-accent hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          {t('seeAll')}
        </Link>
      </div>
    </div>
  );
}
