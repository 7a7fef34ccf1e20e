import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountNewsletter, TAccountNewsletterUpdate } from '@shared/schemas/newsletter.ts';
import type { TPreferences, TUpdateUserRequest, TUser } from '@shared/schemas/users.ts';
import { api, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/users/:id with any subset of the profile fields and/or some preferences. */
export function updateUser(id: string, patch: TUpdateUserRequest): Promise<TUser> {
  return api.patch<TUser>(`/api/users/${encodeURIComponent(id)}`, patch);
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TUpdateUserRequest) => updateUser(id, patch),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

type PreferenceChange = { key: keyof TPreferences; value: boolean };

/**
 * Saves one settings switch. The switch moves at once (optimistic); if the server refuses, the
 * cached user is put back as it was and the caller's onError tells the user.
 */
export function useUpdatePreference(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: PreferenceChange) => updateUser(id, { preferences: { [key]: value } }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.me });
      const previous = queryClient.getQueryData<TUser | null>(queryKeys.me);
      if (previous) {
        queryClient.setQueryData<TUser>(queryKeys.me, { ...previous, preferences: { ...previous.preferences, [key]: value } });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.me, context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

const accountNewsletterKey = ['newsletter', 'account'] as const;

/** GET /api/newsletter/account: the marketing switch is the newsletter subscription of the account's address. */
export function useAccountNewsletter() {
  return useQuery({
    queryKey: accountNewsletterKey,
    queryFn: () => api.get<TAccountNewsletter>('/api/newsletter/account'),
  });
}

/** PUT /api/newsletter/account; the switch moves at once and goes back if the server refuses. */
export function useSetAccountNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TAccountNewsletterUpdate) => apiRequest<TAccountNewsletter>('PUT', '/api/newsletter/account', { body: update }),
    onMutate: async ({ subscribed }) => {
      await queryClient.cancelQueries({ queryKey: accountNewsletterKey });
      const previous = queryClient.getQueryData<TAccountNewsletter>(accountNewsletterKey);
      queryClient.setQueryData<TAccountNewsletter>(accountNewsletterKey, { subscribed });
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(accountNewsletterKey, context.previous);
    },
    onSuccess: (state) => queryClient.setQueryData(accountNewsletterKey, state),
  });
}
