import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from '@/lib/use-toast';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../src/shared/constants.ts';

type ToastStore = typeof ToastModule;
type ToastItem = ReturnType<ToastStore['useToasts']>[number];

/** A fresh copy of the module-level store for every test. */
async function loadStore(): Promise<ToastStore> {
  vi.resetModules();
  return import('@/lib/use-toast');
}

/** What a component reading the store (the toaster) would render from, via the real useToasts hook. */
function visible(store: ToastStore): ToastItem[] {
  let seen: ToastItem[] = [];
  function Probe() {
    seen = store.useToasts();
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  return seen;
}

describe('toast store (notifications)', () => {
  let store: ToastStore;
  beforeEach(async () => {
    vi.useFakeTimers();
    store = await loadStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the fixed toast constants: one toast, shown 5000 ms, removed 1,000,000 ms after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('shows a new toast open, with its title, description and variant', () => {
    const id = store.toast({ title: 'Login fejlede', description: 'Ugyldig e-mail eller adgangskode.', variant: 'destructive' });
    expect(visible(store)).toEqual([
      { id, open: true, title: 'Login fejlede', description: 'Ugyldig e-mail eller adgangskode.', variant: 'destructive' },
    ]);
  });

  it('keeps one toast at a time: a second replaces the first', () => {
    const first = store.toast({ title: 'First' });
    const second = store.toast({ title: 'Second' });
    expect(second).not.toBe(first);
    expect(visible(store)).toEqual([{ id: second, open: true, title: 'Second' }]);

    const third = store.toast({ title: 'Third' });
    expect(visible(store).map((item) => item.id)).toEqual([third]);
  });

  it('closes a dismissed toast at once and removes it only after 1,000,000 ms', () => {
    const id = store.toast({ title: 'Profil opdateret' });
    store.dismissToast(id);
    expect(visible(store)).toEqual([{ id, open: false, title: 'Profil opdateret' }]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(visible(store)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(visible(store)).toEqual([]);
  });

  it('does not remove a newer toast when an older dismissed one expires', () => {
    const old = store.toast({ title: 'Old' });
    store.dismissToast(old);
    const fresh = store.toast({ title: 'Fresh' });

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(visible(store)).toEqual([{ id: fresh, open: true, title: 'Fresh' }]);
  });

  it('dismisses only the toast it is given', () => {
    const id = store.toast({ title: 'Shown' });
    store.dismissToast(id + 1000);
    expect(visible(store)).toEqual([{ id, open: true, title: 'Shown' }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(visible(store)).toEqual([{ id, open: true, title: 'Shown' }]);
  });
});
