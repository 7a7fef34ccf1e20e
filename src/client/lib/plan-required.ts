import type { QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@shared/constants.ts';
import { toast } from '@/lib/use-toast';
import { i18n } from './i18n';
import { isApiError } from './api-client';

/** The event a refused write raises, so the plan's state (and its read-only banner) is fetched again. */
export const PLAN_REQUIRED_EVENT = 'kursa:plan-required';

/** A write the server refused because the company's trial or plan has ended (402 PLAN_REQUIRED). */
export function isPlanRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 402 && error.body?.code === 'PLAN_REQUIRED';
}

const announced = new WeakSet<object>();
let lastToastAt = 0;

/**
 * Tells the user why a write was refused: a toast with the server's message (which names the way to
 * a plan), and the event that brings the read-only banner up. Answers whether it was that error.
 * One toast per refusal, and none while the last one still shows (autosaves refused in a row).
 */
export function announcePlanRequired(error: unknown): boolean {
  if (!isPlanRequired(error) || !isApiError(error)) return false;
  // Two pages on screen during a transition both watch the writes.
  if (announced.has(error)) return true;
  announced.add(error);
  window.dispatchEvent(new Event(PLAN_REQUIRED_EVENT));
  if (Date.now() - lastToastAt < TOAST_DURATION_MS) return true;
  lastToastAt = Date.now();
  const title = i18n.exists('plan.requiredTitle', { ns: 'messages' })
    ? i18n.t('plan.requiredTitle', { ns: 'messages' })
    : (error.body?.message ?? '');
  toast({ title, description: error.body?.message, variant: 'destructive' });
  return true;
}

/** Announces every mutation of `client` that the server refuses with PLAN_REQUIRED; answers the unsubscribe. */
export function watchRefusedWrites(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') announcePlanRequired(event.action.error);
  });
}
