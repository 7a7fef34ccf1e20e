import { CREATOR_PAGE_PATH } from '@shared/routes.ts';
import type { CreatorActionRequest } from './actions';
import { WIZARD_STEPS, type WizardStep } from './steps';

/** The draft the address names (?draft=id): the wizard resumes it. */
export const draftInAddress = (search: string) => new URLSearchParams(search).get('draft');

/** Keeps the saved draft in the address, so a reload (or a bookmark) comes back to it. */
export function rememberInAddress(id: string | null) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('draft') === id) return;
  if (id) url.searchParams.set('draft', id);
  else url.searchParams.delete('draft');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The creator's workspace page, opened where the public page's link asked: a step of the wizard
 * (one of its AI tools) or the AI start (its call to action).
 */
export function creatorAddress(open?: { step: WizardStep } | { start: 'ai' }): string {
  if (!open) return CREATOR_PAGE_PATH;
  return 'step' in open ? `${CREATOR_PAGE_PATH}?step=${open.step}` : `${CREATOR_PAGE_PATH}?start=ai`;
}

/**
 * What a link into the creator asked for (?step=concept, ?start=ai), as the wizard's first action;
 * the parameters leave the address at once, so a reload shows the saved draft rather than asking
 * again. A draft in the address wins: it says where the work stands.
 */
export function actionInAddress(search: string): CreatorActionRequest | null {
  const params = new URLSearchParams(search);
  const step = params.get('step');
  const start = params.get('start');
  if (step === null && start === null) return null;
  const url = new URL(window.location.href);
  url.searchParams.delete('step');
  url.searchParams.delete('start');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (params.has('draft')) return null;
  if (start === 'ai') return { kind: 'ai', id: 0 };
  const index = WIZARD_STEPS.indexOf(step as WizardStep);
  return index >= 0 ? { kind: 'step', index, id: 0 } : null;
}
