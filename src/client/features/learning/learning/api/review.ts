import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMyReview, TReview, TReviewRequest } from '@shared/schemas/dashboard.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The learner's own review of a course (GET, PUT /api/courses/:id/review). */

const reviewKey = (courseId: string) => ['review', courseId] as const;
const reviewPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/review`;

export function useMyReview(courseId: string) {
  return useQuery({ queryKey: reviewKey(courseId), queryFn: ({ signal }) => api.get<TMyReview>(reviewPath(courseId), signal) });
}

export function useSaveReview(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewRequest) => apiRequest<TReview>('PUT', reviewPath(courseId), { body }),
    onSuccess: (review) => queryClient.setQueryData<TMyReview>(reviewKey(courseId), { review, canReview: true }),
  });
}
