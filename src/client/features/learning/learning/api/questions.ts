import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAskQuestionRequest, TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The learner's own questions on a course and asking a new one (GET, POST /api/courses/:id/questions). */

const questionsKey = (courseId: string) => ['questions', courseId] as const;
const questionsPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/questions`;

export function useMyQuestions(courseId: string) {
  return useQuery({
    queryKey: questionsKey(courseId),
    // Only the caller's own, also when they teach the course they are taking.
    queryFn: ({ signal }) => api.get<TCourseQuestion[]>(`${questionsPath(courseId)}?mine=true`, signal),
  });
}

export function useAskQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAskQuestionRequest) => apiRequest<TCourseQuestion>('POST', questionsPath(courseId), { body }),
    onSuccess: (question) => queryClient.setQueryData<TCourseQuestion[]>(questionsKey(courseId), (list) => [question, ...(list ?? [])]),
  });
}
