import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
// Not the bell: the learners' sidebar draws that, and an icon in two chunks becomes a request of its own.
import Inbox from 'lucide-react/icons/inbox';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { ShellLink } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useMarkRead, useNotificationPages } from './api';
import { NotificationItem } from './components/notification-item';
import { unreadQuery } from './unread';

/** Where the profile's settings tab is opened directly: the choices of what one is told about. */
export const NOTIFICATION_SETTINGS_PATH = '/profile?tab=settings';

/**
 * /notifications: all of mine, newest first, a page at a time. Each can be opened (which marks it
 * read) or marked read; all can be marked read at once.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageMeta(t('title'));
  const { list, more } = useNotificationPages();
  const mark = useMarkRead();
  const unread = useQuery(unreadQuery).data?.unread ?? list.data?.unread ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  const [announced, setAnnounced] = useState('');
  const notifications = list.data?.notifications ?? [];
  const next = list.data?.next ?? null;
  // After "Vis flere" the focus goes to the first notification that came (the one after the last
  // shown before), not back to the top.
  const [focusAfter, setFocusAfter] = useState<string>();
  const lastBefore = notifications.findIndex((notification) => notification.id === focusAfter);
  const focusAt = lastBefore < 0 ? -1 : lastBefore + 1;

  const markAll = () => {
    // The button goes disabled once nothing is unread: the focus moves to the heading first, and
    // what happened is said.
    heading.current?.focus();
    setAnnounced('');
    mark.mutate({ all: true }, { onSuccess: () => setAnnounced(t('allRead')) });
  };

  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
            {t('title')}
          </h1>
          <p className="mt-2 text-muted-foreground">
            {t('lead')}{' '}
            <ShellLink to={NOTIFICATION_SETTINGS_PATH} className="font-medium text-accent underline underline-offset-2">
              {t('settings')}
            </ShellLink>
          </p>
        </div>
        {notifications.length > 0 && (
          <div className="flex items-center gap-3">
            <p className="text-sm text-muted-foreground" data-testid="unread-count">
              {t('unreadCount', { count: unread })}
            </p>
            <Button variant="secondary" size="sm" disabled={unread === 0 || mark.isPending} onClick={markAll}>
              {t('markAllRead')}
            </Button>
          </div>
        )}
      </header>
      <p role="status" className="sr-only">
        {announced}
      </p>
      {mark.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('markFailed')}
        </p>
      )}
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-danger">
          {t('loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : notifications.length === 0 ? (
        <EmptyState icon={Inbox} level={2} title={t('empty.title')} description={t('empty.description')}>
          <LinkButton to={NOTIFICATION_SETTINGS_PATH} variant="secondary">
            {t('settings')}
          </LinkButton>
        </EmptyState>
      ) : (
        <>
          <ul aria-label={t('title')} className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
            {notifications.map((notification, index) => (
              <li key={notification.id} className="hover:bg-muted/60">
                <NotificationItem
                  notification={notification}
                  takeFocus={index === focusAt}
                  onOpen={() => notification.readAt === null && mark.mutate({ ids: [notification.id] })}
                  onMarkRead={() => mark.mutate({ ids: [notification.id] })}
                />
              </li>
            ))}
          </ul>
          {more.isError && (
            <p role="alert" className="text-sm text-danger">
              {t('moreFailed')}
            </p>
          )}
          {next && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={more.isPending}
              onClick={() => {
                setFocusAfter(notifications.at(-1)?.id);
                more.mutate(next);
              }}
            >
              {more.isPending ? t('loadingMore') : t('showMore')}
            </Button>
          )}
        </>
      )}
    </Container>
  );
}
