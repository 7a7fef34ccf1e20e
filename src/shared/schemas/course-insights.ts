import { z } from 'zod';
import { ZAiSource } from './ai.ts';
import { safeString } from './common.ts';
import { COURSE_LANGUAGES, COURSE_STATUSES } from './courses.ts';
import { LESSON_KINDS } from './lesson-content.ts';

/**
 * The creator's insights and launch: a course's analytics metrics, the AI's insights on them, and
 * the launch checklist. Metric names are snake_case, as the creator's public API names them; the
 * rest is camelCase. Marketing copy is in course-marketing.ts, suggested changes in course-optimizations.ts.
 */

/** POST bodies that name one course: the server reads its metrics and structure itself. */
export const ZCourseIdBody = z
  .object({ course_id: safeString('insights.courseIdRequired').min(1, { error: 'insights.courseIdRequired' }).max(64) })
  .strict();

/** 0–100 with one decimal, or null when there is nothing to measure. */
const share = z.number().min(0).max(100).nullable();

/**
 * The course's analytics metrics, from its real learning data (definitions in
 * docs/decisions/019-course-insights-and-marketing.md). Null means "no data", never zero.
 */
export const ZCourseMetrics = z.object({
  /** Completed enrolments / enrolments, per cent. */
  completion_rate: share,
  /** Mean share of the course's lessons each learner has worked on (progress or a quiz attempt), per cent. */
  engagement_score: share,
  /** Mean review rating 1–5, one decimal. */
  average_rating: z.number().min(1).max(5).nullable(),
  /** Enrolled learners. */
  total_students: z.number().int().min(0),
  /** Study time per enrolled learner in hours, one decimal (completed lessons at their stated length, video watched time). */
  study_time_hours: z.number().min(0).nullable(),
  /** Learners who completed the course or were active in the last 30 days / enrolled, per cent. */
  retention_rate: share,
  /** Mean of each learner's best score per quiz, per cent. */
  quiz_performance: share,
  /** Reviews rated 4–5 / reviews, per cent. */
  feedback_sentiment: share,
});
export type TCourseMetrics = z.infer<typeof ZCourseMetrics>;

/** What the metrics were computed from. */
export const ZLearningCounts = z.object({
  enrolments: z.number().int(),
  completions: z.number().int(),
  activeLast30Days: z.number().int(),
  reviews: z.number().int(),
  ratings: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
  quizAttempts: z.number().int(),
  studyTimeTotalHours: z.number(),
});
export type TLearningCounts = z.infer<typeof ZLearningCounts>;

/** The course's structure as it is now. */
export const ZCourseStructure = z.object({
  modules: z.number().int(),
  lessons: z.number().int(),
  kinds: z.object(Object.fromEntries(LESSON_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof LESSON_KINDS)[number], z.ZodNumber>),
  /** The lessons' stated minutes added up. */
  minutes: z.number().int(),
  lessonsWithoutMinutes: z.number().int(),
  /** Lessons with nothing in them yet (no text, no video, no questions, no files). */
  emptyLessons: z.number().int(),
  quizzes: z.number().int(),
  quizQuestions: z.number().int(),
  /** Video lessons that have a video (an upload or an embed). */
  videosWithVideo: z.number().int(),
});
export type TCourseStructure = z.infer<typeof ZCourseStructure>;

/** GET /api/course-creator/courses/:id/metrics */
export const ZCourseMetricsResponse = z.object({
  courseId: z.string(),
  title: z.string(),
  language: z.enum(COURSE_LANGUAGES),
  status: z.enum(COURSE_STATUSES),
  /** False: nobody is enrolled yet, and every metric but total_students is null. */
  hasLearners: z.boolean(),
  metrics: ZCourseMetrics,
  counts: ZLearningCounts,
  structure: ZCourseStructure,
  computedAt: z.string(),
});
export type TCourseMetricsResponse = z.infer<typeof ZCourseMetricsResponse>;

/** One AI insight on a course: what kind it is, its impact and what to do about it. */
export const INSIGHT_TYPES = ['positive', 'warning', 'improvement'] as const;
export const INSIGHT_IMPACTS = ['high', 'medium', 'low'] as const;
export const ZInsight = z.object({
  type: z.enum(INSIGHT_TYPES),
  title: z.string(),
  description: z.string(),
  impact: z.enum(INSIGHT_IMPACTS),
  recommendation: z.string(),
});

/** POST /api/course-creator/analyze-performance {course_id}: the insights and what they were based on. */
export const ZAnalyzePerformanceResponse = z.object({
  courseId: z.string(),
  /** False: the analysis is of the structure only. */
  hasLearners: z.boolean(),
  metrics: ZCourseMetrics,
  structure: ZCourseStructure,
  insights: z.array(ZInsight),
  language: z.enum(COURSE_LANGUAGES),
  /** AI-generated: by this provider and model. */
  source: ZAiSource,
  generatedAt: z.string(),
});
export type TAnalyzePerformanceResponse = z.infer<typeof ZAnalyzePerformanceResponse>;

/**
 * GET /api/course-creator/courses/:id/analysis: the course's last analysis as analyze-performance
 * answered it (replaced by the next), so the insights step shows it again; null before the first.
 */
export const ZCourseAnalysisResponse = z.object({ courseId: z.string(), analysis: ZAnalyzePerformanceResponse.nullable() });
export type TCourseAnalysisResponse = z.infer<typeof ZCourseAnalysisResponse>;

/** The launch step's checklist, in the order it is shown. */
export const LAUNCH_ITEMS = [
  'content-generated',
  'video-created',
  'assessments-designed',
  'marketing-planned',
  'analytics-configured',
] as const;
export type LaunchItem = (typeof LAUNCH_ITEMS)[number];

/** GET /api/course-creator/courses/:id/launch-checklist */
export const ZLaunchChecklist = z.object({
  courseId: z.string(),
  /** Every item done. */
  ready: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum(LAUNCH_ITEMS),
      done: z.boolean(),
      /** What was counted, in the request's language. */
      detail: z.string(),
      /** The same figures as numbers, for the UI to show its own way. */
      figures: z.record(z.string(), z.number()),
    }),
  ),
  /** The launch stats (the marketing pack's 5 emails, 20 social posts, 10 ad variations, landing copy, SEO) as they really are. */
  stats: z.object({
    emails: z.number().int(),
    socialPosts: z.number().int(),
    adVariations: z.number().int(),
    landingCopy: z.boolean(),
    seo: z.boolean(),
  }),
});
export type TLaunchChecklist = z.infer<typeof ZLaunchChecklist>;
