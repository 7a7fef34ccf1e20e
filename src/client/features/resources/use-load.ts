import { useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The answer for `key`, or undefined while it loads. */
  data: T | undefined;
  /** The failure for `key`; a 404 is the caller's to read (ApiError.status). */
  error: unknown;
  retry: () => void;
}

/** One GET per key (a slug and a language), the previous one aborted when the key changes. */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key, data }),
      (error: unknown) => controller.signal.aborted || setState({ key, error }),
    );
    return () => controller.abort();
    // `load` is rebuilt each render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const mine = state?.key === key ? state : undefined;
  return {
    data: mine?.data,
    error: mine?.error,
    retry: () => {
      setState(undefined);
      setAttempt((n) => n + 1);
    },
  };
}
