import { use, useMemo, useSyncExternalStore } from 'react';
import type { FlatNamespace, TFunction } from 'i18next';
import { i18n, initI18n } from './i18n';

/**
 * The one React binding to i18next the app needs: `useTranslation(namespace)` gives a `t` fixed to
 * that namespace, re-renders on a change of language or newly loaded strings, and suspends until
 * the namespace has arrived. It replaces react-i18next, whose general machinery (HOCs, Trans,
 * providers, options) cost every public page ~1.3 KB gzipped that the 100 KB budget needs (ADR 007).
 */

// A namespace once loaded joins i18next's `ns` option, so a change of language loads it for the
// new language before 'languageChanged' fires: pages then re-render without suspending.
let version = 0;
const listeners = new Set<() => void>();
const bump = () => {
  version++;
  for (const listener of listeners) listener();
};
i18n.on('languageChanged', bump);
i18n.on('loaded', bump);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One promise per language and namespace while it loads, so a suspended render can wait on it. */
const pending = new Map<string, Promise<unknown>>();
function loading(namespace: string): Promise<unknown> {
  const key = `${i18n.language}|${namespace}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = initI18n()
      .then(() => i18n.loadNamespaces(namespace))
      .finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** An already-settled thenable as React's use() recognises it: the hook calls use() on every render. */
const READY = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

export function useTranslation<Ns extends FlatNamespace = 'common'>(namespace?: Ns): { t: TFunction<Ns>; i18n: typeof i18n } {
  const ns = namespace ?? 'common';
  useSyncExternalStore(subscribe, () => version);
  // React wants use() called the same way on every render, suspended or not.
  use(i18n.isInitialized && i18n.hasLoadedNamespace(ns) ? READY : loading(ns));
  const language = i18n.language;
  const t = useMemo(() => i18n.getFixedT(language, ns), [language, ns]) as TFunction<Ns>;
  return { t, i18n };
}
