import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAskQuestionRequest, TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { api, apiRequest } from '@/lib/api-client';

/** The learner's own questions on a course and asking a new one (GET, POST /api/courses/:id/questions). */

const questionsKey = (courseId: string) => ['questions', courseId] as const;
const questionsPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/questions`;

export function useMyQuestions(courseId: string) {
  return useQuery({
    queryKey: questionsKey(courseId),
    queryFn: ({ signal }) => api.get<TCourseQuestion[]>(questionsPath(courseId), signal),
  });
}

export function useAskQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAskQuestionRequest) => apiRequest<TCourseQuestion>('POST', questionsPath(courseId), { body }),
    onSuccess: (question) => queryClient.setQueryData<TCourseQuestion[]>(questionsKey(courseId), (list) => [question, ...(list ?? [])]),
  });
}
