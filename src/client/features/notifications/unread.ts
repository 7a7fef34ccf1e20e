import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every notification query lives under this key, so a change can refresh them all at once. */
export const notificationsKey = ['notifications'] as const;
export const unreadQueryKey = [...notificationsKey, 'unread'] as const;

/**
 * How many of my notifications are unread: what the top bar's bell shows. It is the app's one
 * polled query (a minute apart, and again when the window gets the focus back); the cache's
 * default is never to go stale, so focus has to ask anyway. A hidden tab does not poll.
 */
export const unreadQuery = queryOptions({
  queryKey: unreadQueryKey,
  queryFn: ({ signal }) => api.get<{ unread: number }>('/api/notifications/unread', signal),
  refetchInterval: 60_000,
  refetchOnWindowFocus: 'always',
});
