import type { z } from 'zod';
import type { TChooseConceptRequest, ZChooseConceptResponse } from '@shared/schemas/creator-drafts.ts';
import { api } from '@/lib/api-client';

export type TChooseConceptResponse = z.infer<typeof ZChooseConceptResponse>;

/** POST /api/course-creator/drafts/:id/choose-concept: the concept becomes the draft's course. */
export const chooseConcept = (draftId: string, body: TChooseConceptRequest) =>
  api.post<TChooseConceptResponse>(`/api/course-creator/drafts/${encodeURIComponent(draftId)}/choose-concept`, body);
