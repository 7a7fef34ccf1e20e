import type { z } from 'zod';
import type { TGenerateTemplateRequest } from '@shared/schemas/creator-template.ts';
import type { ZApplyTemplateResponse, ZGenerateTemplateResponse } from '@shared/schemas/creator-drafts.ts';
import { api } from '@/lib/api-client';

export type TGenerateTemplateResponse = z.infer<typeof ZGenerateTemplateResponse>;
export type TApplyTemplateResponse = z.infer<typeof ZApplyTemplateResponse>;

/** POST /api/course-creator/generate-template: a template within TEMPLATE_RANGES (3–5 modules of 2–5 lessons), stored on the draft. */
export const generateTemplate = (body: TGenerateTemplateRequest) =>
  api.post<TGenerateTemplateResponse>('/api/course-creator/generate-template', body);

/** POST /api/course-creator/drafts/:id/apply-template: the draft's template becomes the course's outline. */
export const applyTemplate = (draftId: string, version: number) =>
  api.post<TApplyTemplateResponse>(`/api/course-creator/drafts/${encodeURIComponent(draftId)}/apply-template`, { version });
