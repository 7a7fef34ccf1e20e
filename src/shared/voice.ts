import type { Language } from './constants.ts';

/**
 * Voice control: continuous recognition in the interface language, a scroll step of 300 px
 * (smooth), feedback cleared after 3 s, spoken replies at rate 0.8, pitch 1, volume 0.7.
 */
export const VOICE = {
  languages: { en: 'en-US', da: 'da-DK' } satisfies Record<Language, string>,
  scrollStepPx: 300,
  feedbackMs: 3000,
  speech: { rate: 0.8, pitch: 1, volume: 0.7 },
} as const;
