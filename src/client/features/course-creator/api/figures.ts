import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCreatorFigures } from '@shared/schemas/creator-figures.ts';
import { api } from '@/lib/api-client';

/** GET /api/course-creator/figures: the hero's figures, measured on this installation. */
export const getCreatorFigures = (signal?: AbortSignal) => api.get<TCreatorFigures>('/api/course-creator/figures', signal);

export const creatorFiguresQuery = () => queryOptions({ queryKey: ['course-creator', 'figures'] as const, queryFn: ({ signal }) => getCreatorFigures(signal) });

export function useCreatorFigures() {
  return useQuery(creatorFiguresQuery());
}
