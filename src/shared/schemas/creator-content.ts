import { z } from 'zod';
import { ZAiSource } from './ai.ts';
import { safeString, text } from './common.ts';
import { ZCourseContext } from './course-creator.ts';
import { COURSE_LANGUAGES, COURSE_LEVELS } from './courses.ts';
import { LESSON_FORMATS } from './lesson-content.ts';

/**
 * The content generator (its parameters and its six content types) and inserting what it wrote
 * into a lesson.
 */

const prose = (max: number) => safeString().trim().max(max, { error: 'profile.tooLong' }).optional();

/** POST /api/course-creator/generate-content. A blank lesson title is refused: no call is made without one. */
export const ZGenerateContentRequest = z
  .object({
    module_title: prose(200),
    lesson_title: text(1, 200, 'creator.lessonTitleRequired'),
    learning_objective: prose(300),
    /** Minutes, 30 by default. */
    duration: z.number({ error: 'http.invalidValue' }).int().min(5).max(240).default(30),
    difficulty: z.enum(COURSE_LEVELS, { error: 'course.level' }).default('intermediate'),
    content_type: z.enum(LESSON_FORMATS, { error: 'http.invalidValue' }).default('lesson'),
    course_context: ZCourseContext.optional(),
    /** The course's language; by default course_context.language, else Accept-Language, else Danish. */
    language: z.enum(COURSE_LANGUAGES, { error: 'course.language' }).optional(),
  })
  .strict();
export type TGenerateContentRequest = z.infer<typeof ZGenerateContentRequest>;

export const ZGenerateContentResponse = z.object({
  type: z.enum(LESSON_FORMATS),
  title: z.string(),
  /** The whole item as plain text, for copying and downloading as a .txt file. */
  content: z.string(),
  /** The same as a lesson document (TipTap JSON, lesson-content.ts's nodes only), for insert-content. */
  document: z
    .object({ type: z.literal('doc'), content: z.array(z.unknown()) })
    .describe('TipTap JSON: see src/shared/schemas/lesson-content.ts'),
  /** The structured answer as the model gave it, by type (sections, scenes, slides, segments, visuals or activities). */
  structured: z.record(z.string(), z.unknown()),
  metadata: z.object({ duration: z.number().int(), difficulty: z.enum(COURSE_LEVELS), generated_at: z.string() }),
  language: z.enum(COURSE_LANGUAGES),
  source: ZAiSource,
});
export type TGenerateContentResponse = z.infer<typeof ZGenerateContentResponse>;

export const INSERT_MODES = ['append', 'replace'] as const;

/**
 * POST /api/course-creator/lessons/:lessonId/insert-content: a document (as generate-content
 * answered it, perhaps edited) added after the lesson's text or in its place. Text lessons take it
 * as their content, video and download lessons as their notes. `version` is the lesson's.
 */
export const ZInsertContentRequest = z
  .object({
    document: z.unknown().describe('TipTap JSON ({ type: "doc", content: [...] }): see src/shared/schemas/lesson-content.ts'),
    version: z.number({ error: 'course.versionRequired' }).int().min(1),
    mode: z.enum(INSERT_MODES, { error: 'http.invalidValue' }).default('append'),
    /** generate-content's `source`: the lesson is then marked AI-written, by this provider and model. */
    source: ZAiSource.optional(),
    /** generate-content's `type`, recorded as the lesson's format along with `source`. */
    content_type: z.enum(LESSON_FORMATS, { error: 'http.invalidValue' }).optional(),
  })
  .strict();
export type TInsertContentRequest = z.infer<typeof ZInsertContentRequest>;

export const ZLessonIdParams = z.object({ lessonId: safeString().min(1).max(64) });
