import { z } from 'zod';
import { AI_PROVIDERS, ZAiSource } from './ai.ts';
import { safeString } from './common.ts';
import { LESSON_KINDS } from './lesson-content.ts';

/**
 * The creator's media step (docs/decisions/068-ai-images.md): a course cover and lesson
 * illustrations drawn by the configured image model, kept as the course's uploads with where they
 * came from and an alt text the model wrote and people may change.
 */

export const MEDIA_LIMITS = { altText: 300, wishes: 500 } as const;

/** Why no picture can be drawn: no AI provider, a compatible server without AI_IMAGE_MODEL, or a provider without image models (Anthropic). */
export const IMAGE_MODEL_MISSING = ['no-provider', 'not-named', 'provider-has-none'] as const;

export const ZImageModel = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), provider: z.enum(AI_PROVIDERS), model: z.string() }),
  z.object({ available: z.literal(false), missing: z.enum(IMAGE_MODEL_MISSING) }),
]);
export type TImageModel = z.infer<typeof ZImageModel>;

export const ZCourseImage = z.object({
  /** The upload's id. */
  id: z.string(),
  url: z.string(),
  target: z.enum(['cover', 'lesson']),
  /** The lesson it illustrates (target lesson), or null. */
  lessonId: z.string().nullable(),
  altText: z.string(),
  /** What the image model was asked to draw. */
  prompt: z.string(),
  source: ZAiSource,
  /** The course's cover now, or in its lesson's text or notes. */
  inUse: z.boolean(),
  createdAt: z.string(),
});
export type TCourseImage = z.infer<typeof ZCourseImage>;

export const ZCourseMedia = z.object({
  courseId: z.string(),
  imageModel: ZImageModel,
  /** The course's cover now (drawn or uploaded), or null. */
  coverUrl: z.string().nullable(),
  /** The lessons a picture can illustrate (not quizzes or SCORM packages), in course order. */
  lessons: z.array(z.object({ id: z.string(), title: z.string(), module: z.string(), kind: z.enum(LESSON_KINDS) })),
  /** The course's drawn pictures, newest first. */
  images: z.array(ZCourseImage),
});
export type TCourseMedia = z.infer<typeof ZCourseMedia>;

const wishes = safeString().trim().max(MEDIA_LIMITS.wishes, { error: 'media.wishesTooLong' }).optional();

export const ZDrawImageRequest = z.discriminatedUnion('target', [
  z.object({ target: z.literal('cover'), wishes }).strict(),
  z.object({ target: z.literal('lesson'), lessonId: safeString().min(1).max(64), wishes }).strict(),
]);
export type TDrawImageRequest = z.infer<typeof ZDrawImageRequest>;

export const ZDescribeImageRequest = z
  .object({
    altText: safeString().trim().min(1, { error: 'media.altTextRequired' }).max(MEDIA_LIMITS.altText, { error: 'media.altTextTooLong' }),
  })
  .strict();
export type TDescribeImageRequest = z.infer<typeof ZDescribeImageRequest>;

export const ZCourseImageParams = z.object({ id: safeString().min(1).max(64), imageId: safeString().min(1).max(64) });
