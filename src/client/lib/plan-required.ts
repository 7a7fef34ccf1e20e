import { toast } from '@/components/ui/use-toast';
import { i18n } from './i18n';
import { isApiError } from './api-client';

/** The event a refused write raises, so the plan's state (and its read-only banner) is fetched again. */
export const PLAN_REQUIRED_EVENT = 'kursa:plan-required';

/** A write the server refused because the company's trial or plan has ended (402 PLAN_REQUIRED). */
export function isPlanRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 402 && error.body?.code === 'PLAN_REQUIRED';
}

/**
 * Tells the user why a write was refused: a toast with the server's message (which names the way to
 * a plan), and the event that brings the read-only banner up. Answers whether it was that error.
 */
const announced = new WeakSet<object>();

export function announcePlanRequired(error: unknown): boolean {
  if (!isPlanRequired(error) || !isApiError(error)) return false;
  // Two pages on screen during a transition both watch the writes: one toast per refusal.
  if (announced.has(error)) return true;
  announced.add(error);
  const title = i18n.exists('plan.requiredTitle', { ns: 'messages' }) ? i18n.t('plan.requiredTitle', { ns: 'messages' }) : (error.body?.message ?? '');
  toast({ title, description: error.body?.message, variant: 'destructive' });
  window.dispatchEvent(new Event(PLAN_REQUIRED_EVENT));
  return true;
}
