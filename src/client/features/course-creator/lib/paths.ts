import type { WizardStep } from './steps';

/** The builder's "create course" dialog: where Start Manual goes while the wizard has no title yet. */
export const NEW_COURSE_PATH = '/dashboard?new=course';
/** Steps whose tools are still being built (issue 7 §3): their panels say so and offer the builder. */
export const COMING_STEPS: readonly WizardStep[] = [];
