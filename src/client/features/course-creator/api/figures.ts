import { useEffect, useState } from 'react';
import type { TCreatorFigures } from '@shared/schemas/creator-figures.ts';
import { api } from '@/lib/api-client';

/** GET /api/course-creator/figures: the hero's figures, measured on this installation. */
export const getCreatorFigures = (signal?: AbortSignal) => api.get<TCreatorFigures>('/api/course-creator/figures', signal);

export interface FiguresState {
  data: TCreatorFigures | undefined;
  isError: boolean;
}

/**
 * The figures once per visit of the page. A plain fetch, not TanStack Query: the hero renders on
 * the light shell's first load of this public page, within its JS budget (ADR 007/008); the
 * workspace that needs the query cache loads on intent.
 */
export function useCreatorFigures(): FiguresState {
  const [state, setState] = useState<FiguresState>({ data: undefined, isError: false });
  useEffect(() => {
    const controller = new AbortController();
    getCreatorFigures(controller.signal).then(
      (data) => setState({ data, isError: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, isError: Boolean(error) });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
