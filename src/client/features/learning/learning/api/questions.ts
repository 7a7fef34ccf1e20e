import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAskQuestionRequest, TCourseQuestion, TQuestionSettings } from '@shared/schemas/course-questions.ts';
import { QUESTIONS_REFRESH_MS } from '@shared/limits.ts';
import { api, apiRequest } from '@/lib/api-client';

/**
 * The learner's side of a course's questions (GET, POST /api/courses/:id/questions): their own with
 * their threads, the course's public questions and the lessons' pinned ones; asking, replying and
 * marking an answer helpful.
 */

const questionsKey = (courseId: string) => ['questions', courseId] as const;
const questionsPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/questions`;
const questionPath = (id: string) => `/api/questions/${encodeURIComponent(id)}`;

export function useMyQuestions(courseId: string) {
  return useQuery({
    queryKey: questionsKey(courseId),
    // The caller's own and the shared ones, also when they teach the course they are taking.
    queryFn: ({ signal }) => api.get<TCourseQuestion[]>(`${questionsPath(courseId)}?mine=true`, signal),
    refetchInterval: QUESTIONS_REFRESH_MS,
  });
}

export function useQuestionSettings(courseId: string) {
  return useQuery({
    queryKey: [...questionsKey(courseId), 'settings'],
    queryFn: ({ signal }) => api.get<TQuestionSettings>(`${questionsPath(courseId)}/settings`, signal),
  });
}

export function useAskQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAskQuestionRequest) => apiRequest<TCourseQuestion>('POST', questionsPath(courseId), { body }),
    onSuccess: (question) => queryClient.setQueryData<TCourseQuestion[]>(questionsKey(courseId), (list) => [question, ...(list ?? [])]),
  });
}

/** A change to one question (a reply, "helpful"), put in its place in the list. */
function useQuestionChange<T>(courseId: string, request: (body: T) => Promise<TCourseQuestion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (saved) =>
      queryClient.setQueryData<TCourseQuestion[]>(questionsKey(courseId), (list) =>
        list?.map((question) => (question.id === saved.id ? saved : question)),
      ),
  });
}

export const useReplyToQuestion = (courseId: string, questionId: string) =>
  useQuestionChange(courseId, (body: string) =>
    apiRequest<TCourseQuestion>('POST', `${questionPath(questionId)}/replies`, { body: { body } }),
  );

export const useMarkHelpful = (courseId: string, questionId: string) =>
  useQuestionChange(courseId, (helpful: boolean) =>
    apiRequest<TCourseQuestion>('PUT', `${questionPath(questionId)}/helpful`, { body: { helpful } }),
  );

export const useEditQuestion = (courseId: string, questionId: string) =>
  useQuestionChange(courseId, (body: string) => apiRequest<TCourseQuestion>('PATCH', questionPath(questionId), { body: { body } }));
