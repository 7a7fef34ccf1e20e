import { z } from 'zod';
import { COURSE_FEATURE_KEYS } from '../course-features.ts';
import { CREATOR_LIMITS } from '../creator-limits.ts';
import { ZAiSource } from './ai.ts';
import { safeString, text } from './common.ts';
import { COURSE_LANGUAGES, COURSE_LEVELS } from './courses.ts';

/**
 * The AI course creator's calls. Payload fields keep the snake_case names the creator's public API
 * gives them (target_audience, course_context, learning_objectives, complexity_level).
 */

/** A course draft's format; video by default. */
export const CONCEPT_FORMATS = ['video', 'text', 'blended', 'interactive'] as const;

/** The questionnaire's questions, by the teacher-profile field each one feeds. */
export const TEACHER_QUESTIONS = [
  'experience',
  'subject',
  'audience',
  'goals',
  'challenges',
  'delivery',
  'assessment',
  'vision',
  'transformation',
] as const;
export type TeacherQuestion = (typeof TEACHER_QUESTIONS)[number];

export { CREATOR_LIMITS };

const optional = (max: number) => safeString().trim().max(max, { error: 'profile.tooLong' }).optional();
const language = z.enum(COURSE_LANGUAGES, { error: 'course.language' });

/** The course draft as the wizard holds it so far; everything optional. */
export const ZCourseContext = z
  .object({
    industry: optional(CREATOR_LIMITS.short),
    target_audience: optional(CREATOR_LIMITS.audience),
    title: optional(CREATOR_LIMITS.short),
    description: optional(CREATOR_LIMITS.description),
    learning_objectives: z
      .array(safeString().trim().min(1).max(CREATOR_LIMITS.objective, { error: 'profile.tooLong' }))
      .max(CREATOR_LIMITS.objectives)
      .optional(),
    complexity_level: z.enum(COURSE_LEVELS, { error: 'course.level' }).optional(),
    duration: optional(CREATOR_LIMITS.short),
    format: z.enum(CONCEPT_FORMATS).optional(),
    /** Kursa capabilities the draft already uses (never suggested as missing). */
    features: z.array(z.enum(COURSE_FEATURE_KEYS)).max(COURSE_FEATURE_KEYS.length).optional(),
    /** The course's language; by default the language the request states (Accept-Language), else Danish. */
    language: language.optional(),
  })
  .strict();
export type TCourseContext = z.infer<typeof ZCourseContext>;

/** The questionnaire's answers as they stand; a saved draft may hold none yet. */
export const ZTeacherAnswersSoFar = z
  .object(
    Object.fromEntries(TEACHER_QUESTIONS.map((q) => [q, optional(CREATOR_LIMITS.answer)])) as Record<
      TeacherQuestion,
      ReturnType<typeof optional>
    >,
  )
  .strict();

export const ZTeacherAnswers = ZTeacherAnswersSoFar.refine((answers) => Object.values(answers).some((a) => a), {
  error: 'ai.answersRequired',
});
export type TTeacherAnswers = z.infer<typeof ZTeacherAnswers>;

export const ZAnalyzeTeacherNeedsRequest = z.object({ answers: ZTeacherAnswers, course_context: ZCourseContext.optional() }).strict();
export type TAnalyzeTeacherNeedsRequest = z.infer<typeof ZAnalyzeTeacherNeedsRequest>;

/** The teacher profile, as the needs analysis answers it. */
export const ZTeacherProfile = z.object({
  experience: z.string(),
  subject: z.string(),
  audience: z.string(),
  goals: z.string(),
  challenges: z.string(),
  preferences: z.object({ delivery: z.string(), assessment: z.string(), vision: z.string(), transformation: z.string() }),
  /** Capabilities the teacher's needs call for that the draft does not use yet, each with why. */
  missingFeatures: z.array(z.object({ key: z.enum(COURSE_FEATURE_KEYS), reason: z.string() })),
  language: language,
  source: ZAiSource,
});
export type TTeacherProfile = z.infer<typeof ZTeacherProfile>;

/** POST /api/course-creator/generate-concept {industry, target_audience, title, description}. */
export const ZGenerateConceptRequest = z
  .object({
    industry: text(2, CREATOR_LIMITS.short, 'ai.industryRequired'),
    target_audience: text(2, CREATOR_LIMITS.audience, 'ai.audienceRequired'),
    title: optional(CREATOR_LIMITS.short),
    description: optional(CREATOR_LIMITS.description),
    language: language.optional(),
  })
  .strict();
export type TGenerateConceptRequest = z.infer<typeof ZGenerateConceptRequest>;

/** One concept: a course draft and what sets it apart from the other two. */
export const ZCourseConcept = z.object({
  title: z.string(),
  description: z.string(),
  learning_objectives: z.array(z.string()),
  complexity_level: z.enum(COURSE_LEVELS),
  /** As said in the course's language ("6 uger, ca. 2 timer om ugen"). */
  duration: z.string(),
  /** The total learning time, for the course's duration. */
  duration_minutes: z.number().int(),
  format: z.enum(CONCEPT_FORMATS),
  differentiator: z.string(),
});
export type TCourseConcept = z.infer<typeof ZCourseConcept>;

export const ZGenerateConceptResponse = z.object({
  /** Exactly three, distinct. */
  concepts: z.array(ZCourseConcept),
  language: language,
  source: ZAiSource,
});
export type TGenerateConceptResponse = z.infer<typeof ZGenerateConceptResponse>;
