import type { TNotification, TNotificationList } from '@shared/schemas/notifications.ts';

/** Which notifications a "mark as read" covers: some by id, or every one. */
export type ReadTarget = { ids: string[] } | { all: true };

/** A page of notifications with those `target` names marked read at `at` (the ones already read keep their time). */
export function markRead(list: TNotificationList, target: ReadTarget, at: string): TNotificationList {
  const ids = 'ids' in target ? new Set(target.ids) : undefined;
  const notifications = list.notifications.map((notification) =>
    notification.readAt === null && (!ids || ids.has(notification.id)) ? { ...notification, readAt: at } : notification,
  );
  return { ...list, notifications };
}

/** How many of `target` are unread among `known`: what a mark takes off the count before the server answers. */
export function unreadAmong(known: readonly TNotification[], target: ReadTarget): number {
  if ('all' in target) return Infinity;
  const ids = new Set(target.ids);
  return known.filter((notification) => notification.readAt === null && ids.has(notification.id)).length;
}
