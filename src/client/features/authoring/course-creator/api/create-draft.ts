import type { TCreateDraftRequest, TCreatorDraft } from '@shared/schemas/creator-drafts.ts';
import { api } from '@/lib/api-client';

/** POST /api/course-creator/drafts: the wizard's saved state, which add-feature and choose-concept work on. */
export const createDraft = (body: TCreateDraftRequest) => api.post<TCreatorDraft>('/api/course-creator/drafts', body);
