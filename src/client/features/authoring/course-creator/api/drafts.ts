import type { TCreatorDraft, TCreatorDraftSummary, TUpdateDraftRequest } from '@shared/schemas/creator-drafts.ts';
import type { TDraftGenerationStarted, TGenerateDraftRequest } from '@shared/schemas/draft-generation.ts';
import { api } from '@/lib/api-client';

/** The wizard's saved drafts (ADR 018): read one, list the caller's, save the wizard's state, generate its course. */
const path = (id: string) => `/api/course-creator/drafts/${encodeURIComponent(id)}`;

export const getDraft = (id: string, signal?: AbortSignal) => api.get<TCreatorDraft>(path(id), signal);
/** Without each draft's content history: getDraft reads it. */
export const listDrafts = (signal?: AbortSignal) => api.get<{ drafts: TCreatorDraftSummary[] }>('/api/course-creator/drafts', signal);
export const updateDraft = (id: string, body: TUpdateDraftRequest) => api.patch<TCreatorDraft>(path(id), body);
/** POST …/drafts/:id/generate (ADR 022): the whole-course job with the draft's features. */
export const generateDraftCourse = (id: string, body: TGenerateDraftRequest) =>
  api.post<TDraftGenerationStarted>(`${path(id)}/generate`, body);
