import { useMutation } from '@tanstack/react-query';
import type { TGenerateConceptRequest, TGenerateConceptResponse } from '@shared/schemas/course-creator.ts';
import { api } from '@/lib/api-client';

/** POST /api/course-creator/generate-concept: three distinct concepts for an industry and audience. */
export const generateConcept = (body: TGenerateConceptRequest) =>
  api.post<TGenerateConceptResponse>('/api/course-creator/generate-concept', body);

export function useGenerateConcept() {
  return useMutation({ mutationFn: generateConcept });
}
