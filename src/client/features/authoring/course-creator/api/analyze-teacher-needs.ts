import { useMutation } from '@tanstack/react-query';
import type { TAnalyzeTeacherNeedsRequest, TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { api } from '@/lib/api-client';

/** POST /api/course-creator/analyze-teacher-needs: the questionnaire's answers → a teacher profile. */
export const analyzeTeacherNeeds = (body: TAnalyzeTeacherNeedsRequest) =>
  api.post<TTeacherProfile>('/api/course-creator/analyze-teacher-needs', body);

export function useAnalyzeTeacherNeeds() {
  return useMutation({ mutationFn: analyzeTeacherNeeds });
}
