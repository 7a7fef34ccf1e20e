import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZAssignResult } from '@shared/schemas/learning.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TAssignResult = z.infer<typeof ZAssignResult>;

/** POST /api/courses/:id/assignments; the figures and the overview change with it. */
export function useAssignCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userIds: string[]; dueAt?: string }) =>
      api.post<TAssignResult>(`/api/courses/${encodeURIComponent(courseId)}/assignments`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.courses }),
        queryClient.invalidateQueries({ queryKey: ['organisation', 'overview'] }),
      ]),
  });
}
