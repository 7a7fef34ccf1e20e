import { z } from 'zod';
import { AI_PROVIDERS } from './ai.ts';
import { COURSE_LANGUAGES } from './courses.ts';

/**
 * GET /api/course-creator/figures: the AI course creator's hero figures, measured on this
 * installation rather than fixed marketing numbers, so what they say is true here.
 */
export const ZCreatorFigures = z.object({
  /** Distinct courses an AI job finished work on. */
  aiCourses: z.number().int(),
  /** AI runs recorded (every call, failed ones too). */
  aiRuns: z.number().int(),
  /** Share of finished runs (aborted ones left out) that gave a valid answer, 0–100; null before the first. */
  successRate: z.number().int().min(0).max(100).nullable(),
  /** The provider and default model answering now; null when none is configured ('Setup Required'). */
  provider: z.enum(AI_PROVIDERS).nullable(),
  model: z.string().nullable(),
  /** The languages a course can be written in. */
  languages: z.array(z.enum(COURSE_LANGUAGES)),
});
export type TCreatorFigures = z.infer<typeof ZCreatorFigures>;
