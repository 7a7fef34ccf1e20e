import type { z } from 'zod';
import type { TAddFeatureRequest, ZAddFeatureResponse } from '@shared/schemas/creator-drafts.ts';
import { api } from '@/lib/api-client';

export type TAddFeatureResponse = z.infer<typeof ZAddFeatureResponse>;

/** POST /api/integrations/add-feature: a Kursa capability switched on in the draft. */
export const addFeature = (body: TAddFeatureRequest) => api.post<TAddFeatureResponse>('/api/integrations/add-feature', body);
