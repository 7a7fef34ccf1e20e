import { z } from 'zod';
import { safeString } from './common.ts';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_LIMITS, CURRENCIES, PRICINGS, VISIBILITIES, ZCourse } from './courses.ts';
import { ZSubdomainRequest } from './catalogue.ts';

/**
 * POST /api/courses/publish: course_data, teacher_profile, publishing_options, named in snake_case
 * as the AI course creator's other calls name them. course_data is the creator's course draft or
 * its generated template (title, description, and what else the creator has); fields the course
 * model has no place for (marketing copy, assessments, …) are accepted and left out.
 */
const text = (max: number) => safeString().trim().max(max, { error: 'profile.tooLong' });
const list = (max: number, each: number) =>
  z.union([z.array(safeString().trim().max(each, { error: 'profile.tooLong' })).max(max), text(max * each)]);

const ZPublishLesson = z.union([
  safeString().trim().min(1).max(COURSE_LIMITS.lessonTitle, { error: 'profile.tooLong' }),
  z.object({
    title: safeString('course.titleRequired')
      .trim()
      .min(1, { error: 'course.titleRequired' })
      .max(COURSE_LIMITS.lessonTitle, { error: 'profile.tooLong' }),
    /** Plain text (paragraphs split by blank lines); never HTML. */
    content: text(50_000).optional(),
    duration: z.union([z.number(), safeString().max(50)]).optional(),
  }),
]);

export const ZPublishCourseData = z.object({
  /** An existing course of the caller's to update and publish; absent: a new course. */
  id: safeString().min(1).max(64).optional(),
  title: safeString('course.titleRequired')
    .trim()
    .min(1, { error: 'course.titleRequired' })
    .max(COURSE_LIMITS.title, { error: 'profile.tooLong' }),
  description: text(COURSE_LIMITS.description),
  subtitle: text(COURSE_LIMITS.subtitle).optional(),
  industry: text(200).optional(),
  category: z.enum(COURSE_CATEGORIES, { error: 'course.category' }).optional(),
  /** The creator's complexity_level (default beginner); `level` is taken too. */
  complexity_level: safeString()
    .trim()
    .toLowerCase()
    .pipe(z.enum(COURSE_LEVELS, { error: 'course.level' }))
    .optional(),
  level: safeString()
    .trim()
    .toLowerCase()
    .pipe(z.enum(COURSE_LEVELS, { error: 'course.level' }))
    .optional(),
  language: z.enum(['da', 'en'], { error: 'course.language' }).optional(),
  tags: z
    .array(safeString().trim().min(1).max(COURSE_LIMITS.tag, { error: 'profile.tooLong' }))
    .max(COURSE_LIMITS.tags, { error: 'course.tooManyTags' })
    .optional(),
  target_audience: text(COURSE_LIMITS.audience).optional(),
  targetAudience: text(COURSE_LIMITS.audience).optional(),
  learning_objectives: list(COURSE_LIMITS.objectives, COURSE_LIMITS.objective).optional(),
  learningObjectives: list(COURSE_LIMITS.objectives, COURSE_LIMITS.objective).optional(),
  /** Minutes, or words like "6 hours", "90 minutes", "4 uger" (weeks are not a duration of study: ignored). */
  duration: z.union([z.number().int().min(1).max(100_000), safeString().max(100)]).optional(),
  format: text(50).optional(),
  modules: z
    .array(
      z.object({
        title: safeString('course.titleRequired')
          .trim()
          .min(1, { error: 'course.titleRequired' })
          .max(COURSE_LIMITS.moduleTitle, { error: 'profile.tooLong' }),
        description: text(2000).optional(),
        lessons: z.union([z.array(ZPublishLesson).max(100), z.number()]).optional(),
      }),
    )
    .max(50)
    .optional(),
});
export type TPublishCourseData = z.infer<typeof ZPublishCourseData>;

export const ZPublishingOptions = z
  .object({
    visibility: z.enum(VISIBILITIES, { error: 'course.visibility' }),
    /** Lower-cased and stripped to a–z, 0–9 and '-', as typed. The company's subdomain, or its first. */
    subdomain: ZSubdomainRequest.shape.subdomain,
    pricing: z.enum(PRICINGS, { error: 'course.pricing' }),
    /** Minor units (øre, cents), as everywhere in the API; ignored when free. */
    price: z
      .number({ error: 'course.price' })
      .int({ error: 'course.price' })
      .min(0, { error: 'course.price' })
      .max(COURSE_LIMITS.maxPrice, { error: 'course.price' })
      .optional(),
    currency: z.enum(CURRENCIES, { error: 'course.currency' }).optional(),
    /** Publish although some lessons are empty (without it: 409 EMPTY_LESSONS listing them, before anything is written). */
    confirm_empty_lessons: z.boolean({ error: 'http.invalidValue' }).optional(),
  })
  .strict();

export const ZPublishRequest = z
  .object({
    course_data: ZPublishCourseData,
    /** The teacher profile the needs analysis answered: accepted; the course model keeps nothing of it yet. */
    teacher_profile: z.record(z.string(), z.unknown()).nullable().optional(),
    publishing_options: ZPublishingOptions,
  })
  .strict();
export type TPublishRequest = z.infer<typeof ZPublishRequest>;

/** The published course and its address on the company's site (the creator's launch step shows it). */
export const ZPublishResponse = z.object({ course: ZCourse, url: z.string() });
export type TPublishResponse = z.infer<typeof ZPublishResponse>;
