import { z } from 'zod';
import { ZGenerationJobCreated } from './course-generation.ts';

/**
 * POST /api/course-creator/drafts/:id/generate (ADR 022): the draft's course written by the
 * whole-course job, with what the draft's features ask for. `version` is the draft's as the user
 * saw it, so the features generated are the ones on their screen (stale: 409).
 */
export const ZGenerateDraftRequest = z
  .object({
    version: z.number({ error: 'course.versionRequired' }).int().min(1),
    /** Wishes to the model, as for POST /api/course-generation/courses/:id/generate. */
    options: z
      .object({
        moduleCount: z.number().int().min(1).max(12).optional(),
        lessonsPerModule: z.number().int().min(1).max(8).optional(),
        questionsPerQuiz: z.number().int().min(1).max(12).optional(),
        sourceId: z.string().min(1).max(64).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();
export type TGenerateDraftRequest = z.infer<typeof ZGenerateDraftRequest>;

/** What the draft's features switched on in the job. */
export const ZDraftGenerationFeatures = z.object({
  quizPerModule: z.boolean(),
  videoScripts: z.boolean(),
  workbook: z.boolean(),
  secondLanguage: z.boolean(),
});

export const ZDraftGenerationStarted = ZGenerationJobCreated.extend({ courseId: z.string(), features: ZDraftGenerationFeatures });
export type TDraftGenerationStarted = z.infer<typeof ZDraftGenerationStarted>;
