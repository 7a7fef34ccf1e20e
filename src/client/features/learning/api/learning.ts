import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAttemptResult, TLearningItem, TPlayerLesson, TPlayerOutline } from '@shared/schemas/learning.ts';
import { api, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Issue 6: my learning, the player's outline and lessons, completion, positions and quiz attempts. */

export const learningKeys = {
  list: ['learning'] as const,
  outline: (courseId: string) => ['learning', courseId] as const,
  lesson: (courseId: string, lessonId: string) => ['learning', courseId, lessonId] as const,
};

export function useMyLearning() {
  return useQuery({ queryKey: learningKeys.list, queryFn: ({ signal }) => api.get<{ enrolments: TLearningItem[] }>('/api/learning', signal) });
}

export function useOutline(courseId: string) {
  return useQuery({ queryKey: learningKeys.outline(courseId), queryFn: ({ signal }) => api.get<TPlayerOutline>(`/api/learning/${encodeURIComponent(courseId)}`, signal), retry: false });
}

export function useLesson(courseId: string, lessonId: string | null) {
  return useQuery({
    queryKey: learningKeys.lesson(courseId, lessonId ?? ''),
    queryFn: ({ signal }) => api.get<TPlayerLesson>(`/api/learning/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId!)}`, signal),
    enabled: lessonId !== null,
    retry: false,
  });
}

interface ProgressResult {
  completed: boolean;
  courseProgress: number;
  courseCompleted: boolean;
}

function lessonPath(courseId: string, lessonId: string) {
  return `/api/learning/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
}

/** After a change of progress: the outline's marks and the list's figures are stale, and a completed course has a certificate. */
function useRefresh(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: learningKeys.outline(courseId), exact: true }),
      queryClient.invalidateQueries({ queryKey: learningKeys.list, exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.certificates }),
    ]);
}

export function useCompleteLesson(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ProgressResult>(`${lessonPath(courseId, lessonId)}/complete`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: learningKeys.lesson(courseId, lessonId) });
      await refresh();
    },
  });
}

export function savePosition(courseId: string, lessonId: string, positionSeconds: number, durationSeconds: number | undefined): Promise<ProgressResult> {
  return apiRequest<ProgressResult>('PUT', `${lessonPath(courseId, lessonId)}/position`, {
    body: { positionSeconds: Math.max(0, positionSeconds), ...(durationSeconds && Number.isFinite(durationSeconds) && { durationSeconds }) },
  });
}

export function useRefreshProgress(courseId: string) {
  return useRefresh(courseId);
}

export function useSubmitAttempt(courseId: string, lessonId: string) {
  const refresh = useRefresh(courseId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string[] | string>) => api.post<TAttemptResult>(`${lessonPath(courseId, lessonId)}/attempts`, { answers }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: learningKeys.lesson(courseId, lessonId) });
      await refresh();
    },
  });
}
