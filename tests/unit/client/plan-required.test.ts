import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../../src/shared/constants.ts';
import type * as ApiClient from '@/lib/api-client';
import type * as PlanRequired from '@/lib/plan-required';
import type * as ToastModule from '@/lib/use-toast';
import { daysUntil } from '@/features/commerce/plans/lib/plan-dates';

// A write refused because the company is read-only (402 PLAN_REQUIRED) becomes one
// toast with the server's message, and an event that makes the plan's banner refresh.

const MESSAGE = 'Prøveperioden er slut, så virksomhedens data er skrivebeskyttet … under »Abonnement« (/billing).';
// The module registry is reset for each test: errors are made with that test's ApiError class.
let ApiError: typeof ApiClient.ApiError;
const refused = () => new ApiError(402, `402: ${MESSAGE}`, { message: MESSAGE, code: 'PLAN_REQUIRED' });

function toasts(store: typeof ToastModule) {
  let seen: ReturnType<typeof store.useToasts> = [];
  function Probe() {
    seen = store.useToasts();
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  return seen;
}

describe('announcePlanRequired', () => {
  let plan: typeof PlanRequired;
  let store: typeof ToastModule;
  let events: number;
  beforeEach(async () => {
    vi.useFakeTimers();
    vi.resetModules();
    events = 0;
    const target = new EventTarget();
    target.addEventListener('kursa:plan-required', () => (events += 1));
    vi.stubGlobal('window', target);
    store = await import('@/lib/use-toast');
    ({ ApiError } = await import('@/lib/api-client'));
    plan = await import('@/lib/plan-required');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the server’s message once per refusal and raises the refresh event', () => {
    const error = refused();
    expect(plan.announcePlanRequired(error)).toBe(true);
    expect(toasts(store)).toMatchObject([{ description: MESSAGE, variant: 'destructive', open: true }]);
    expect(events).toBe(1);
    // The same refusal seen by a second watcher (two pages during a transition): nothing more.
    expect(plan.announcePlanRequired(error)).toBe(true);
    expect(events).toBe(1);
  });

  it('gives refusals in a row (autosaves) no new toast while the last one shows, but still the event', () => {
    plan.announcePlanRequired(refused());
    const first = toasts(store)[0]!.id;
    plan.announcePlanRequired(refused());
    expect(toasts(store)[0]!.id).toBe(first);
    expect(events).toBe(2);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    plan.announcePlanRequired(refused());
    expect(toasts(store)[0]!.id).not.toBe(first);
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      new ApiError(402, '402', { message: 'x', code: 'OTHER' }),
      new ApiError(403, '403', { message: 'x', code: 'PLAN_LIMIT' }),
      new Error('network'),
      null,
    ]) {
      expect(plan.announcePlanRequired(error)).toBe(false);
    }
    expect(toasts(store)).toEqual([]);
    expect(events).toBe(0);
  });
});

describe('daysUntil', () => {
  it('counts whole days up, and 0 once the day has passed', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(daysUntil('2026-12-11T12:00:00.000Z', now)).toBe(14);
    expect(daysUntil('2026-12-11T11:59:59.000Z', now)).toBe(14);
    expect(daysUntil('2026-11-27T12:00:01.000Z', now)).toBe(1);
    expect(daysUntil('2026-11-27T11:00:00.000Z', now)).toBe(0);
  });
});
