import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  TNotificationList,
  TNotificationPreferences,
  TNotificationPreferencesUpdate,
  TOutboxMail,
} from '@shared/schemas/notifications.ts';
import { api, apiRequest } from '@/lib/api-client';
import { markRead, unreadAmong, type ReadTarget } from './lib/mark-read';
import { withChange } from './lib/preferences';
import { notificationsKey, unreadQueryKey } from './unread';

/** The bell's list: the newest few, fetched anew each time it opens. */
export const LATEST_LIMIT = 8;
/** The notifications page's pages. */
const PAGE_LIMIT = 20;

const latestKey = [...notificationsKey, 'latest'] as const;
const pagesKey = [...notificationsKey, 'pages'] as const;
const preferencesKey = [...notificationsKey, 'preferences'] as const;

function listPath(limit: number, before?: string): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return `/api/notifications?${query}`;
}

/** A list's answer carries the unread count too: the bell shows the newer figure at once. */
function keepCount(queryClient: QueryClient, list: TNotificationList): TNotificationList {
  queryClient.setQueryData(unreadQueryKey, { unread: list.unread });
  return list;
}

export function useLatestNotifications() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: latestKey,
    queryFn: async ({ signal }) => keepCount(queryClient, await api.get<TNotificationList>(listPath(LATEST_LIMIT), signal)),
    staleTime: 0,
  });
}

/**
 * "Vis flere" for a list kept in the cache as one answer: the next page's items are added to it, and
 * its `next` becomes the new page's. (TanStack's infinite queries would do it too, at 0.6 KB more in
 * the query library's chunk that every app page loads.)
 */
function useMore<T extends { next: string | null }>(
  queryKey: QueryKey,
  load: (before: string) => Promise<T>,
  join: (list: T, page: T) => T,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => load(before),
    onSuccess: (page) => queryClient.setQueryData<T>(queryKey, (list) => list && join(list, page)),
  });
}

/** Mine, newest first: the first page, then one more with each "Vis flere" (`more`). */
export function useNotificationPages() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: pagesKey,
    queryFn: async ({ signal }) => keepCount(queryClient, await api.get<TNotificationList>(listPath(PAGE_LIMIT), signal)),
    staleTime: 0,
  });
  const more = useMore(
    pagesKey,
    async (before) => keepCount(queryClient, await api.get<TNotificationList>(listPath(PAGE_LIMIT, before))),
    (shown, page) => ({ ...page, notifications: [...shown.notifications, ...page.notifications] }),
  );
  return { list, more };
}

/**
 * Marks some notifications, or all, as read. The lists and the count change at once; the server's
 * answer is the true count, and a refusal puts the lists back as the server has them.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ReadTarget) => api.post<{ unread: number }>('/api/notifications/read', target),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const at = new Date().toISOString();
      const known = [
        ...(queryClient.getQueryData<TNotificationList>(latestKey)?.notifications ?? []),
        ...(queryClient.getQueryData<TNotificationList>(pagesKey)?.notifications ?? []),
      ];
      // The same notification may be in both lists: counted once.
      const unique = [...new Map(known.map((notification) => [notification.id, notification])).values()];
      const fewer = unreadAmong(unique, target);
      queryClient.setQueryData<{ unread: number }>(unreadQueryKey, (count) => count && { unread: Math.max(0, count.unread - fewer) });
      for (const key of [latestKey, pagesKey])
        queryClient.setQueryData<TNotificationList>(key, (list) => list && markRead(list, target, at));
    },
    onSuccess: (count) => queryClient.setQueryData(unreadQueryKey, count),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<TNotificationPreferences>('/api/notifications/preferences', signal),
  });
}

/**
 * Saves one change of the preferences as soon as it is made. The page shows it at once
 * (optimistic); if the server refuses, the preferences are put back as they were and the caller's
 * onError tells the person.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TNotificationPreferencesUpdate) =>
      apiRequest<TNotificationPreferences>('PUT', '/api/notifications/preferences', { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const previous = queryClient.getQueryData<TNotificationPreferences>(preferencesKey);
      if (previous) queryClient.setQueryData(preferencesKey, withChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesKey, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
  });
}

type MailList = { mails: TOutboxMail[]; next: string | null };
const mailKey = ['organisation-mail'] as const;
const mailPath = (before?: string) => `/api/organisation/mail${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/** The company's mails and how their sending went (admins), newest first, a page at a time. */
export function useCompanyMail() {
  const list = useQuery({ queryKey: mailKey, queryFn: ({ signal }) => api.get<MailList>(mailPath(), signal), staleTime: 0 });
  const more = useMore(
    mailKey,
    (before) => api.get<MailList>(mailPath(before)),
    (shown, page) => ({ ...page, mails: [...shown.mails, ...page.mails] }),
  );
  return { list, more };
}
