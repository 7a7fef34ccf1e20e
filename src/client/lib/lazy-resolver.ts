import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<TFieldValues extends FieldValues, TTransformed> {
  resolver: Resolver<TFieldValues, unknown, TTransformed>;
  /** Starts the download early: call it when the visitor shows intent (focus, pointer, touch). */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose validation code (zod and the shared schema, about 25 KB of
 * gzipped JavaScript) is downloaded on first use instead of with the page: /login and /register
 * are first-visit pages with a JavaScript budget (ADR 008). The form validates exactly as before;
 * its first validation waits for the download, which intent has usually started already.
 */
export function lazyResolver<TFieldValues extends FieldValues, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, unknown, TTransformed>>,
): LazyResolver<TFieldValues, TTransformed> {
  let pending: Promise<Resolver<TFieldValues, unknown, TTransformed>> | undefined;
  const get = () => {
    pending ??= load();
    // A failed download (flaky network) is tried again on the next validation.
    pending.catch(() => (pending = undefined));
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
