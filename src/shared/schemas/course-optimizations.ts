import { z } from 'zod';
import { ZAiSource } from './ai.ts';
import { COURSE_LANGUAGES, COURSE_LIMITS } from './courses.ts';

/**
 * The AI's suggested changes to a course (optimize-engagement). Each is one typed operation on the
 * course model, applied one at a time by the instructor. The shapes are built from the id schemas
 * they take: plain strings in the API, the course's own ids (enums) in the AI task's schema, so a
 * model cannot name a lesson or module the course does not have.
 */

export const OPTIMIZATION_OPS = [
  'rename-lesson',
  'rewrite-lesson-intro',
  'add-key-points',
  'add-learning-objective',
  'update-description',
  'add-module-quiz',
] as const;
export type OptimizationOp = (typeof OPTIMIZATION_OPS)[number];
export const OPTIMIZATION_STATUSES = ['pending', 'applied', 'dismissed'] as const;

export const OPTIMIZATION_LIMITS = {
  paragraph: 2000,
  point: 300,
  points: 6,
  description: 4000,
  questions: 8,
  options: 5,
  text: 1000,
} as const;

const words = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export interface ChangeIds {
  /** Any lesson of the course. */
  lesson: z.ZodType<string>;
  /** A text lesson of the course (intros and key points are written into text). */
  textLesson: z.ZodType<string>;
  module: z.ZodType<string>;
}

/** One quiz question as the AI writes it: single choice, exactly one option right. */
export const ZSuggestedQuestion = z
  .object({
    prompt: words(OPTIMIZATION_LIMITS.text, 'The question'),
    options: z
      .array(z.object({ text: words(500, 'An answer option'), correct: z.boolean().describe('Whether this option is the right answer') }))
      .min(2)
      .max(OPTIMIZATION_LIMITS.options)
      .refine((options) => options.filter((o) => o.correct).length === 1, { message: 'exactly one option must be correct' })
      .describe('2–5 options, exactly one of them correct'),
    explanation: words(OPTIMIZATION_LIMITS.text, 'Why the right answer is right, shown after answering'),
  })
  .describe('A single-choice question');

/** Every operation's shape, by op. */
export function changeShapes(ids: ChangeIds) {
  return {
    'rename-lesson': z.object({
      op: z.literal('rename-lesson'),
      lessonId: ids.lesson,
      title: words(COURSE_LIMITS.lessonTitle, 'The new lesson title'),
    }),
    'rewrite-lesson-intro': z.object({
      op: z.literal('rewrite-lesson-intro'),
      lessonId: ids.textLesson,
      paragraph: words(OPTIMIZATION_LIMITS.paragraph, "A new opening paragraph that replaces the lesson's first paragraph"),
    }),
    'add-key-points': z.object({
      op: z.literal('add-key-points'),
      lessonId: ids.textLesson,
      points: z
        .array(words(OPTIMIZATION_LIMITS.point, 'One key point'))
        .min(2)
        .max(OPTIMIZATION_LIMITS.points)
        .describe('2–6 key points added at the end of the lesson'),
    }),
    'add-learning-objective': z.object({
      op: z.literal('add-learning-objective'),
      text: words(COURSE_LIMITS.objective, 'A learning objective starting with a verb'),
    }),
    'update-description': z.object({
      op: z.literal('update-description'),
      text: words(OPTIMIZATION_LIMITS.description, 'The new course description, plain text, paragraphs separated by a blank line'),
    }),
    'add-module-quiz': z.object({
      op: z.literal('add-module-quiz'),
      moduleId: ids.module,
      title: words(COURSE_LIMITS.lessonTitle, 'The quiz lesson title'),
      questions: z.array(ZSuggestedQuestion).min(3).max(OPTIMIZATION_LIMITS.questions).describe('3–8 questions on the module'),
    }),
  } as const;
}

const api = changeShapes({ lesson: z.string(), textLesson: z.string(), module: z.string() });

/** A change as the API shows it (and as it is stored). */
export const ZOptimizationChange = z.discriminatedUnion('op', [
  api['rename-lesson'],
  api['rewrite-lesson-intro'],
  api['add-key-points'],
  api['add-learning-objective'],
  api['update-description'],
  api['add-module-quiz'],
]);
export type TOptimizationChange = z.infer<typeof ZOptimizationChange>;

/** One stored suggestion. */
export const ZOptimization = z.object({
  id: z.string(),
  courseId: z.string(),
  status: z.enum(OPTIMIZATION_STATUSES),
  change: ZOptimizationChange,
  rationale: z.string(),
  /** The versions it was made against: applying it after either changed answers 409 STALE_SUGGESTION. */
  courseVersion: z.number().int(),
  /** Set for a change to one lesson (rename, intro, key points). */
  lessonVersion: z.number().int().nullable(),
  /** AI-generated: by this provider and model. */
  source: ZAiSource,
  createdAt: z.string(),
  /** When it was applied or dismissed. */
  decidedAt: z.string().nullable(),
});
export type TOptimization = z.infer<typeof ZOptimization>;

/** POST /api/course-creator/optimize-engagement {course_id}: the new suggestions, stored as pending. */
export const ZOptimizeEngagementResponse = z.object({
  courseId: z.string(),
  optimizations: z.array(ZOptimization),
  /** Suggestions dropped because what they named was gone by the time they were stored. */
  dropped: z.number().int(),
  hasLearners: z.boolean(),
  language: z.enum(COURSE_LANGUAGES),
  source: ZAiSource,
});
export type TOptimizeEngagementResponse = z.infer<typeof ZOptimizeEngagementResponse>;

/** GET /api/course-creator/courses/:id/optimizations: every suggestion of the course, newest first. */
export const ZOptimizationList = z.object({ courseId: z.string(), optimizations: z.array(ZOptimization) });

/**
 * GET /api/course-creator/courses/:id/optimizations/latest: the suggestions of the course's last
 * optimize-engagement call that suggested any, in the order the model gave them, each with its
 * status now, so the insights step shows them again after a reload; null before the first.
 */
export const ZLatestOptimizations = z.object({
  courseId: z.string(),
  latest: z.object({ optimizations: z.array(ZOptimization), source: ZAiSource, createdAt: z.string() }).nullable(),
});
export type TLatestOptimizations = z.infer<typeof ZLatestOptimizations>;

/** POST /api/course-creator/optimizations/:id/apply and …/dismiss. */
export const ZOptimizationDecision = z.object({
  optimization: ZOptimization,
  /** The course's version after the decision (an applied course change bumps it). */
  courseVersion: z.number().int(),
  /** The lesson's version after applying a lesson change (or the new quiz lesson's id below). */
  lessonVersion: z.number().int().nullable(),
  /** The lesson the change wrote (the renamed or rewritten lesson, or the quiz it added). */
  lessonId: z.string().nullable(),
});
export type TOptimizationDecision = z.infer<typeof ZOptimizationDecision>;
