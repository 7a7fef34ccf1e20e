import type { TCreatorFigures } from '@shared/schemas/creator-figures.ts';
import { getJson, useFetched, type Fetched } from '@/lib/use-fetched';

/** GET /api/course-creator/figures: the hero's figures, measured on this installation, once per visit. */
export const useCreatorFigures = (): Fetched<TCreatorFigures> => useFetched<TCreatorFigures>('/api/course-creator/figures', getJson);
