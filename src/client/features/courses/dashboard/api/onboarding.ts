import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOnboarding } from '@shared/schemas/onboarding.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Under the courses' key, so the builder's writes refresh it too. */
const key = [...queryKeys.courses, 'onboarding'] as const;

/** The checklist, asked for again each time the overview opens: its steps are done on other pages. */
export function useOnboarding() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TOnboarding>('/api/onboarding', signal),
    refetchOnMount: 'always',
  });
}

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>('/api/onboarding/dismiss'),
    onSuccess: () => queryClient.setQueryData<TOnboarding>(key, (before) => before && { ...before, dismissed: true }),
  });
}
