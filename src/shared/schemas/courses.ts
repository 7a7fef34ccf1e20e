import { z } from 'zod';
import { safeString } from './common.ts';
import { COURSE_LIMITS, LESSON_FORMATS, LESSON_KINDS } from '../course-limits.ts';

/** Courses, their modules and lessons, as the API reads and writes them (camelCase). */

export const COURSE_CATEGORIES = ['business', 'technology', 'design', 'leadership', 'analytics'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const COURSE_LANGUAGES = ['da', 'en'] as const;
export const PRICINGS = ['free', 'paid'] as const;
export type Pricing = (typeof PRICINGS)[number];
export const CURRENCIES = ['DKK', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const SOURCES = ['manual', 'ai'] as const;
export type Source = (typeof SOURCES)[number];

export { COURSE_LIMITS };

/** A write that can race carries the version it was based on; a stale one answers 409. */
const ZVersion = z.number({ error: 'course.versionRequired' }).int().min(1);

const title = (max: number) =>
  safeString('course.titleRequired').trim().min(1, { error: 'course.titleRequired' }).max(max, { error: 'profile.tooLong' });
const optionalText = (max: number) => safeString().trim().max(max, { error: 'profile.tooLong' });

export const ZCourseFields = z.object({
  title: title(COURSE_LIMITS.title),
  subtitle: optionalText(COURSE_LIMITS.subtitle),
  description: optionalText(COURSE_LIMITS.description),
  category: z.enum(COURSE_CATEGORIES, { error: 'course.category' }),
  level: z.enum(COURSE_LEVELS, { error: 'course.level' }),
  language: z.enum(COURSE_LANGUAGES, { error: 'course.language' }),
  tags: z
    .array(safeString().trim().min(1).max(COURSE_LIMITS.tag, { error: 'profile.tooLong' }))
    .max(COURSE_LIMITS.tags, { error: 'course.tooManyTags' }),
  thumbnailUploadId: safeString().min(1).max(64).nullable(),
  learningObjectives: z
    .array(safeString().trim().min(1).max(COURSE_LIMITS.objective, { error: 'profile.tooLong' }))
    .max(COURSE_LIMITS.objectives),
  targetAudience: optionalText(COURSE_LIMITS.audience),
  durationMinutes: z.number().int().min(1).max(100_000).nullable(),
  pricing: z.enum(PRICINGS, { error: 'course.pricing' }),
  /** Minor units (øre, cents), as a number: a price sent as text is refused. */
  price: z
    .number({ error: 'course.price' })
    .int({ error: 'course.price' })
    .min(0, { error: 'course.price' })
    .max(COURSE_LIMITS.maxPrice, { error: 'course.price' }),
  currency: z.enum(CURRENCIES, { error: 'course.currency' }),
  visibility: z.enum(VISIBILITIES, { error: 'course.visibility' }),
});

/** Create: a title is enough; everything else starts from sensible defaults. */
export const ZCreateCourseRequest = ZCourseFields.partial().extend({ title: ZCourseFields.shape.title }).strict();
export type TCreateCourseRequest = z.infer<typeof ZCreateCourseRequest>;

export const ZUpdateCourseRequest = ZCourseFields.partial().extend({ version: ZVersion }).strict();
export type TUpdateCourseRequest = z.infer<typeof ZUpdateCourseRequest>;

export const ZLessonSource = z.object({
  kind: z.enum(SOURCES),
  /** For AI-written lessons: 'provider:model'. */
  model: z.string().nullable(),
});

export const ZLessonSummary = z.object({
  id: z.string(),
  moduleId: z.string(),
  position: z.number().int(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  format: z.enum(LESSON_FORMATS).nullable(),
  source: ZLessonSource,
  durationMinutes: z.number().int().nullable(),
  /** Anyone may open it from the published course's public page (never a quiz). */
  freePreview: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TLessonSummary = z.infer<typeof ZLessonSummary>;

export const ZModule = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  lessons: z.array(ZLessonSummary),
});
export type TModule = z.infer<typeof ZModule>;

export const ZPerson = z.object({ id: z.string(), name: z.string() });

/** A course as its list shows it. */
export const ZCourseSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  language: z.enum(COURSE_LANGUAGES),
  tags: z.array(z.string()),
  thumbnailUploadId: z.string().nullable(),
  /** `/api/uploads/:id` of the thumbnail, or null. */
  thumbnailUrl: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  pricing: z.enum(PRICINGS),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  visibility: z.enum(VISIBILITIES),
  status: z.enum(COURSE_STATUSES),
  publishedAt: z.string().nullable(),
  owner: ZPerson,
  source: ZLessonSource,
  lessonCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCourseSummary = z.infer<typeof ZCourseSummary>;

/** The whole course, as the builder edits it: settings and outline. */
export const ZCourse = ZCourseSummary.extend({
  learningObjectives: z.array(z.string()),
  targetAudience: z.string(),
  modules: z.array(ZModule),
  /** Where the course lives when published: `{subdomain}.{host}/courses/:slug`, or null without a subdomain. */
  siteUrl: z.string().nullable(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZCourseList = z.object({ courses: z.array(ZCourseSummary) });

export const ZCreateModuleRequest = z
  .object({
    title: title(COURSE_LIMITS.moduleTitle),
    description: optionalText(2000).optional(),
    /** The course version the outline was read at. */
    version: ZVersion,
  })
  .strict();
export const ZUpdateModuleRequest = z
  .object({ title: title(COURSE_LIMITS.moduleTitle).optional(), description: optionalText(2000).optional(), version: ZVersion })
  .strict();

export const ZCreateLessonRequest = z
  .object({
    title: title(COURSE_LIMITS.lessonTitle),
    kind: z.enum(LESSON_KINDS, { error: 'course.lessonKind' }),
    version: ZVersion,
  })
  .strict();

/** The full lesson, with its content (for the author: quiz answers included). */
export const ZLesson = ZLessonSummary.extend({
  courseId: z.string(),
  content: z.unknown().describe('JSON shaped by `kind`: see src/shared/schemas/lesson-content.ts'),
});
export type TLesson = z.infer<typeof ZLesson>;

export const ZUpdateLessonRequest = z
  .object({
    /** The lesson version the edit was based on. */
    version: ZVersion,
    title: title(COURSE_LIMITS.lessonTitle).optional(),
    /** Changing the kind needs content of the new kind. */
    kind: z.enum(LESSON_KINDS, { error: 'course.lessonKind' }).optional(),
    content: z.unknown().optional().describe('JSON shaped by `kind`: see src/shared/schemas/lesson-content.ts'),
    durationMinutes: z.number().int().min(1).max(10_000).nullable().optional(),
    /** A free preview of the course; a quiz never is one (its questions are the assessment). */
    freePreview: z.boolean({ error: 'http.invalidValue' }).optional(),
  })
  .strict();
export type TUpdateLessonRequest = z.infer<typeof ZUpdateLessonRequest>;

export const ZLessonRevision = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  author: ZPerson.nullable(),
  /** When the revision began: one author's saves within ten minutes of it update it. */
  createdAt: z.string(),
  /** When its content was saved (its last save). */
  savedAt: z.string(),
});
export const ZLessonRevisionList = z.object({ revisions: z.array(ZLessonRevision) });
export const ZRestoreRevisionRequest = z.object({ version: ZVersion }).strict();

/** The whole order of modules and of the lessons in each; lessons may move between modules. */
export const ZOutlineRequest = z
  .object({
    version: ZVersion,
    modules: z.array(z.object({ id: z.string().min(1).max(64), lessonIds: z.array(z.string().min(1).max(64)).max(500) }).strict()).max(200),
  })
  .strict();
export type TOutlineRequest = z.infer<typeof ZOutlineRequest>;

export const STATUS_ACTIONS = ['publish', 'unpublish', 'archive'] as const;
export const ZStatusRequest = z
  .object({
    action: z.enum(STATUS_ACTIONS, { error: 'http.invalidValue' }),
    version: ZVersion,
    /** Publish although some lessons are empty (without it: 409 EMPTY_LESSONS listing them). */
    confirmEmptyLessons: z.boolean({ error: 'http.invalidValue' }).optional(),
  })
  .strict();

/** One revision with its content, for the author to look at before restoring it. */
export const ZLessonRevisionDetail = ZLessonRevision.extend({
  content: z.unknown().describe('JSON shaped by `kind`: see src/shared/schemas/lesson-content.ts'),
});
export type TLessonRevisionDetail = z.infer<typeof ZLessonRevisionDetail>;

/** `?version=N` on a DELETE: the course version the outline was read at. */
export const ZVersionQuery = z
  .object({
    version: z.coerce
      .number({ error: 'course.versionRequired' })
      .int({ error: 'course.versionRequired' })
      .min(1, { error: 'course.versionRequired' }),
  })
  .strict();
export const ZRevisionParams = z.object({ id: safeString().min(1).max(64), revisionId: safeString().min(1).max(64) });
