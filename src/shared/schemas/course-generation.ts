import { z } from 'zod';
import { safeString } from './common.ts';
import { ZJobSummary } from './jobs.ts';
import { LESSON_FORMATS } from './lesson-content.ts';

/**
 * Generating a whole course, all its quizzes, one module, one lesson or one quiz question with AI.
 * Long work runs as a durable job (followed at GET /api/jobs/:id and its SSE stream); one lesson or
 * one question is answered at once.
 */

const ZVersion = z.number({ error: 'course.versionRequired' }).int().min(1).max(2_147_483_647);
const ZLanguage = z.enum(['da', 'en']);

/** How a whole course is generated. Counts are wishes to the model; it may answer others. */
export const ZCourseGenerationOptions = z
  .object({
    /** A quiz lesson at the end of each module, written once the module's lessons are. */
    quizPerModule: z.boolean().default(true),
    moduleCount: z.number().int().min(1).max(12).optional(),
    lessonsPerModule: z.number().int().min(1).max(8).optional(),
    /** Questions per quiz; by default two per lesson, 4–12, a multiple of four. */
    questionsPerQuiz: z.number().int().min(1).max(12).optional(),
    /** Build the course on uploaded material (POST /api/course-sources): each lesson cites the sections it draws on. */
    sourceId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type TCourseGenerationOptions = z.infer<typeof ZCourseGenerationOptions>;

/** POST /api/course-generation/courses/:id/generate. The course's own language is used. */
export const ZGenerateCourseRequest = z.object({ options: ZCourseGenerationOptions.default({ quizPerModule: true }) }).strict();

/** POST /api/course-generation/courses/:id/generate-quizzes. */
export const ZGenerateQuizzesRequest = z
  .object({
    options: z
      .object({
        /** Also rewrite quizzes that have questions already (each keeps its old content in its revisions). */
        replaceExisting: z.boolean().default(false),
        questionsPerQuiz: z.number().int().min(1).max(12).optional(),
      })
      .strict()
      .default({ replaceExisting: false }),
  })
  .strict();

/** POST /api/course-generation/modules/:id/regenerate: every text lesson of the module and its quiz. */
export const ZRegenerateModuleRequest = z
  .object({
    options: z
      .object({ quizPerModule: z.boolean().default(true), questionsPerQuiz: z.number().int().min(1).max(12).optional() })
      .strict()
      .default({ quizPerModule: true }),
  })
  .strict();

/** POST /api/course-generation/lessons/:id/regenerate: the lesson's version as read, and wishes for the new text. */
export const ZRegenerateLessonRequest = z
  .object({
    version: ZVersion,
    instructions: safeString().trim().max(2000).optional(),
    /**
     * Write the lesson again in one of the six content formats (generate-content's): a text lesson's
     * text becomes e.g. a presentation or activities; a video lesson's notes are its video script
     * (its only format, the default for it). Without it, or with 'lesson', a text lesson is written as a
     * lesson text from the course's brief.
     */
    format: z.enum(LESSON_FORMATS, { error: 'http.invalidValue' }).optional(),
  })
  .strict();
export type TRegenerateLessonRequest = z.infer<typeof ZRegenerateLessonRequest>;

/** POST /api/course-generation/lessons/:id/regenerate-question: one question of a quiz lesson. */
export const ZRegenerateQuestionRequest = z.object({ questionIndex: z.number().int().min(0).max(99), version: ZVersion }).strict();
export type TRegenerateQuestionRequest = z.infer<typeof ZRegenerateQuestionRequest>;

/** 202 for a job started: follow it at GET /api/jobs/:jobId and GET /api/jobs/:jobId/events. */
export const ZGenerationJobCreated = z.object({ jobId: z.string(), job: ZJobSummary });
export type TGenerationJobCreated = z.infer<typeof ZGenerationJobCreated>;

/** GET /api/course-generation/courses/:id/jobs: the course's generation jobs this user may follow, newest first. */
export const ZCourseGenerationJobs = z.object({ jobs: z.array(ZJobSummary) });
export type TCourseGenerationJobs = z.infer<typeof ZCourseGenerationJobs>;

/** The kinds of job course generation runs. */
export const GENERATION_JOB_KINDS = ['whole-course', 'module', 'all-quizzes'] as const;
export type GenerationJobKind = (typeof GENERATION_JOB_KINDS)[number];

/** A job's input, as stored (the server fills it in; never sent by a client as is). */
export const ZGenerationJobInput = z.object({
  courseId: z.string().min(1).max(64),
  /** The module a 'module' job regenerates. */
  moduleId: z.string().min(1).max(64).optional(),
  language: ZLanguage,
  options: z
    .object({
      quizPerModule: z.boolean().default(true),
      moduleCount: z.number().int().min(1).max(12).optional(),
      lessonsPerModule: z.number().int().min(1).max(8).optional(),
      questionsPerQuiz: z.number().int().min(1).max(12).optional(),
      replaceExisting: z.boolean().default(false),
      sourceId: z.string().min(1).max(64).optional(),
      /** From a creator draft's features (ADR 022): a video lesson with a script per module, a workbook PDF, a translation. */
      videoScripts: z.boolean().optional(),
      workbook: z.boolean().optional(),
      secondLanguage: z.boolean().optional(),
    })
    .default({ quizPerModule: true, replaceExisting: false }),
});
export type TGenerationJobInput = z.infer<typeof ZGenerationJobInput>;
