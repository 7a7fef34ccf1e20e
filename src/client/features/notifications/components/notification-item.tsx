import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { TNotification } from '@shared/schemas/notifications.ts';
import { sitePath } from '@shared/site-path.ts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { relativeTime } from '@/lib/relative-time';
import { useTranslation } from '@/lib/use-translation';

/**
 * One notification: its title (a link into the app when it has one), its text, when it came, and
 * whether it is unread (said in words as well as by the dot and the weight), with a way to mark it
 * read. Opening its link marks it read too (`onOpen`).
 */
export function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
  compact = false,
  takeFocus = false,
}: {
  notification: TNotification;
  onOpen: () => void;
  onMarkRead: () => void;
  /** The bell's list: tighter, its text cut to two lines. */
  compact?: boolean;
  /** The first notification of a page that came with "Vis flere" takes the focus. */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation('notifications');
  const titleRef = useRef<HTMLAnchorElement & HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus) titleRef.current?.focus();
  }, [takeFocus]);
  const unread = notification.readAt === null;
  const link = notification.link === null ? null : sitePath(notification.link);
  const title = (
    <>
      {unread && <span className="sr-only">{t('unread')}: </span>}
      {notification.title}
    </>
  );
  const titleClasses = cn('block break-words', unread ? 'font-semibold' : 'font-medium');
  return (
    <div
      className={cn('relative flex gap-3', compact ? 'px-3 py-2.5' : 'p-4 sm:p-5')}
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <span aria-hidden="true" className={cn('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
      <div className="min-w-0 flex-1">
        {link ? (
          <Link
            ref={titleRef}
            to={link}
            onClick={onOpen}
            className={cn(
              titleClasses,
              'rounded-sm text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              // The whole item is the link's area; the link itself stays the one thing named.
              'after:absolute after:inset-0',
            )}
          >
            {title}
          </Link>
        ) : (
          <p ref={titleRef} tabIndex={-1} className={cn(titleClasses, 'focus:outline-none')}>
            {title}
          </p>
        )}
        <p className={cn('mt-0.5 text-sm break-words text-muted-foreground', compact && 'line-clamp-2')}>{notification.body}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)} className="text-xs text-muted-foreground">
            {relativeTime(notification.createdAt, currentLocale())}
          </time>
          {/* In the bell, a notification with a link is marked read by following it. */}
          {unread && (!compact || !link) && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('markReadNamed', { title: notification.title })}
              className="relative h-8 px-2 text-xs"
              onClick={() => {
                // The button goes with the mark: the focus stays on this notification.
                titleRef.current?.focus();
                onMarkRead();
              }}
            >
              {t('markRead')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
