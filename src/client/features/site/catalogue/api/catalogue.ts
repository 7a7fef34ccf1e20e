import type { TCataloguePage } from '@shared/schemas/catalogue.ts';
import { api } from '@/lib/api-client';

/**
 * GET /api/catalogue?… (the path from catalogueApiPath) with plain fetch: the catalogue is a light
 * public page (ADR 007/008), where TanStack Query has no room.
 */
export function fetchCataloguePage(path: string, signal?: AbortSignal): Promise<TCataloguePage> {
  return api.get<TCataloguePage>(path, signal);
}
