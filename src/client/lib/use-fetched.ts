import { useEffect, useState } from 'react';
import { api } from './api-client';

export interface Fetched<T> {
  /** The latest answer, or the previous path's while the new one loads (a new search does not blank the list). */
  data: T | undefined;
  /** Whether `data` answers the current path (false while a new request is out). */
  current: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * A GET for the light pages without a query library: one request per path, the previous one
 * aborted when the path changes, and the last answer kept on screen meanwhile.
 */
export function useFetched<T>(path: string, load: (path: string, signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [state, setState] = useState<{ path?: string; data?: T; error?: unknown; failed?: string }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(path, controller.signal).then(
      (data) => setState({ path, data }),
      (error: unknown) => controller.signal.aborted || setState((now) => ({ ...now, error, failed: path })),
    );
    return () => controller.abort();
  }, [path, load, attempt]);

  return {
    data: state.data,
    current: state.path === path,
    error: state.failed === path ? state.error : undefined,
    retry: () => {
      setState((now) => ({ ...now, failed: undefined }));
      setAttempt((n) => n + 1);
    },
  };
}

/** A plain JSON GET, for `useFetched` (a stable function, so the request is not repeated each render). */
export const getJson = <T>(path: string, signal: AbortSignal): Promise<T> => api.get<T>(path, signal);
