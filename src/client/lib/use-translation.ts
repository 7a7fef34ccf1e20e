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

/**
 * One promise per language and namespace, kept once settled: React's use() must see the same
 * promise on every render of a suspended component (another one is an "uncached promise" and logs
 * an error). A settled promise carries React's status fields, so use() reads it without suspending
 * again. A failed load is forgotten, so the next render tries again.
 */
const pending = new Map<string, Promise<unknown>>();
function loading(namespace: string): Promise<unknown> {
  const key = `${i18n.language}|${namespace}`;
  let promise = pending.get(key);
  if (!promise) {
    const started = initI18n().then(() => i18n.loadNamespaces(namespace));
    promise = started.then(
      (value) => {
        // Marks this very promise settled for use(); the answer is the same promise, nothing to await.
        void Object.assign(promise!, { status: 'fulfilled', value });
        return value;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
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
  // Once a render has waited on this namespace's promise, later renders pass that same (settled)
  // promise, never READY: React replays a suspended component as soon as the promise settles and
  // wants the same thenable at the same place, or it logs an "uncached promise" error.
  const loaded = i18n.isInitialized && i18n.hasLoadedNamespace(ns);
  use(loaded ? (pending.get(`${i18n.language}|${ns}`) ?? READY) : loading(ns));
  const language = i18n.language;
  const t = useMemo(() => i18n.getFixedT(language, ns), [language, ns]) as TFunction<Ns>;
  return { t, i18n };
}
