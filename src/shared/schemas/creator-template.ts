import { z } from 'zod';
import { ZAiSource } from './ai.ts';
import { safeString } from './common.ts';
import { ZCourseContext } from './course-creator.ts';
import { COURSE_LANGUAGES } from './courses.ts';

/**
 * The AI course template: a generated outline within fixed ranges. The model writes the words; the
 * fixed numbers (assessment sizes and lengths) and the sums (module durations) are set by code, so
 * what the API answers always stays within them (docs/decisions/018-creator-drafts.md).
 */

/** A template's ranges: 3–5 modules, 2–5 lessons each, lessons of 20–59 minutes, a course of 6, 8, 10, 12 or 16 weeks. */
export const TEMPLATE_RANGES = { modules: [3, 5], lessons: [2, 5], lessonMinutes: [20, 59] } as const;
export const TEMPLATE_WEEKS = [6, 8, 10, 12, 16] as const;

export const ASSESSMENT_TYPES = ['quiz', 'project', 'portfolio'] as const;
export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];
/** Each assessment type's fixed size: quiz 10 questions in 15 min, project 5 in 120 min, portfolio 1 in 60 min. */
export const ASSESSMENT_SIZES: Record<AssessmentType, { questions: number; duration: number }> = {
  quiz: { questions: 10, duration: 15 },
  project: { questions: 5, duration: 120 },
  portfolio: { questions: 1, duration: 60 },
};

export const ZTemplateAssessment = z.object({
  type: z.enum(ASSESSMENT_TYPES),
  title: z.string(),
  /** How many questions or tasks (fixed by type: ASSESSMENT_SIZES). */
  questions: z.number().int(),
  /** Minutes (fixed by type: ASSESSMENT_SIZES). */
  duration: z.number().int(),
});

export const ZTemplateLesson = z.object({ title: z.string(), duration_minutes: z.number().int(), summary: z.string() });

export const ZTemplateModule = z.object({
  title: z.string(),
  description: z.string(),
  /** Minutes: the sum of its lessons. */
  duration: z.number().int(),
  lessons: z.array(ZTemplateLesson),
  assessment: ZTemplateAssessment,
});

export const ZGeneratedTemplate = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  industry: z.string(),
  /** In words, in the course's language ("8 uger"). */
  duration: z.string(),
  duration_weeks: z.literal(TEMPLATE_WEEKS),
  modules: z.array(ZTemplateModule),
  targetAudience: z.string(),
  learningObjectives: z.array(z.string()),
  assessments: z.array(ZTemplateAssessment),
  marketingCopy: z.object({
    landingPageHeadline: z.string(),
    courseBenefits: z.array(z.string()),
    socialMediaPosts: z.array(z.string()),
    emailSubjects: z.array(z.string()),
  }),
  language: z.enum(COURSE_LANGUAGES),
  source: ZAiSource,
  generated_at: z.string(),
});
export type TGeneratedTemplate = z.infer<typeof ZGeneratedTemplate>;

const courseData = ZCourseContext.omit({ features: true, language: true });

/**
 * POST /api/course-creator/generate-template {course_data, course_context, uniqueness_seed,
 * variation_request}, plus draft_id to store the template on a saved draft. The course is what
 * course_data says, then course_context, then the draft's own context; it needs an industry or a title.
 */
export const ZGenerateTemplateRequest = z
  .object({
    course_data: courseData.optional(),
    course_context: ZCourseContext.optional(),
    /** Any text; a new seed asks for a different template for the same course. */
    uniqueness_seed: safeString().trim().max(100, { error: 'profile.tooLong' }).optional(),
    /** What the teacher wants changed or tried ("more practical", "shorter modules"). */
    variation_request: safeString().trim().max(1000, { error: 'profile.tooLong' }).optional(),
    draft_id: safeString().min(1).max(64).optional(),
    /** The course's language; by default the draft's, else Accept-Language, else Danish. */
    language: z.enum(COURSE_LANGUAGES, { error: 'course.language' }).optional(),
  })
  .strict();
export type TGenerateTemplateRequest = z.infer<typeof ZGenerateTemplateRequest>;
