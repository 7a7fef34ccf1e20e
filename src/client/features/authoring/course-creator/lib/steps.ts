/** A wizard of six steps, index 0 to 5 (apart from lib/wizard.ts: the public page's links need only these). */
export const WIZARD_STEPS = ['start', 'concept', 'outline', 'content', 'insights', 'launch'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** Previous Step and Next Step are clamped to the first and last step. */
export const clampStep = (index: number): number => Math.min(LAST_STEP, Math.max(0, Math.trunc(index)));

/** The creator wizard's mode: unset, 'ai' or 'manual'. */
export type WizardMode = 'ai' | 'manual' | null;
