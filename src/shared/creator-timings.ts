/**
 * The AI course creator's timings, kept apart from constants.ts: only the creator's chunk uses
 * them, and what constants.ts holds ships in the app's entry chunk on every page.
 */
export const CREATOR_TIMINGS = {
  /** The questionnaire sends its answers for analysis this long after the last step. */
  analysisDelayMs: 2000,
  /** An AI demo card shows 'processing' at least this long (a demo is meant to take 3 to 5 s), and as long as its call runs. */
  demoMinMs: 3000,
  /** Adding a missing feature takes at least this long, and as long as its call runs. */
  featureAddMs: 3000,
  /** The template generator's six progress steps advance at most one per this. */
  templateStepMs: 1500,
  templateSteps: 6,
} as const;
