import { z } from 'zod';
import { PLANS, ROLES } from '../constants.ts';
import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../limits.ts';
import { safeString } from './common.ts';
import { COURSE_CATEGORIES } from './courses.ts';

export { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX };

/**
 * Reviews, the instructor dashboard (its courses, stats, activity, students and analytics, under
 * /api/instructors/{id}/…) and the company overview for admins. Every figure is computed by SQL
 * aggregates over what is stored (docs/decisions/015-dashboard-figures.md).
 */

export const ZReviewRequest = z
  .object({
    rating: z
      .number({ error: 'review.rating' })
      .int({ error: 'review.rating' })
      .min(1, { error: 'review.rating' })
      .max(5, { error: 'review.rating' }),
    comment: safeString().trim().max(REVIEW_COMMENT_MAX, { error: 'review.commentTooLong' }).optional(),
    /** Kursa may quote the review on its site with the reviewer's first name and company. */
    quote: z.boolean({ error: 'http.invalidValue' }).optional(),
  })
  .strict();
export type TReviewRequest = z.infer<typeof ZReviewRequest>;

export const ZReview = z.object({
  id: z.string(),
  courseId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  /** Whether Kursa may quote it on its site (the pricing page's testimonials). */
  quote: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The course's answer: its instructor's or an admin's; null until one is written. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type TReview = z.infer<typeof ZReview>;

/** PUT /api/reviews/:id/reply: the course's answer to a review. */
export const ZReviewReplyRequest = z
  .object({
    reply: safeString('review.replyEmpty')
      .trim()
      .min(1, { error: 'review.replyEmpty' })
      .max(REVIEW_REPLY_MAX, { error: 'review.replyTooLong' }),
  })
  .strict();

/** GET /api/courses/:id/review: the session user's own review of the course, and whether they may write one (they have started it). */
export const ZMyReview = z.object({ review: ZReview.nullable(), canReview: z.boolean() });
export type TMyReview = z.infer<typeof ZMyReview>;

/** One of the instructor's courses with its figures; price in minor units (the client divides by 100). */
export const ZInstructorCourse = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  /** draft | published | archived (the dashboard's Udgivet / Kladde / Arkiveret badge). */
  status: z.enum(['draft', 'published', 'archived']),
  createdAt: z.string(),
  updatedAt: z.string(),
  price: z.number().int(),
  currency: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  thumbnail: z.string().nullable(),
  students: z.number().int(),
  completions: z.number().int(),
  /** Completed enrolments / enrolments, whole per cent (0 without enrolments). */
  completionRate: z.number().int(),
  /** Average rating with one decimal, or null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Minor units in the course's currency, without moms: the payments recorded for the course. */
  revenue: z.number().int(),
});
export type TInstructorCourse = z.infer<typeof ZInstructorCourse>;
export const ZInstructorCourseList = z.array(ZInstructorCourse);

/** The instructor's figures over all their courses (the dashboard's stat cards). */
export const ZInstructorStats = z.object({
  totalCourses: z.number().int(),
  /** Distinct learners enrolled in the instructor's courses. */
  totalStudents: z.number().int(),
  /** Minor units (DKK) without moms: the payments recorded for the courses. */
  totalRevenue: z.number().int(),
  /** Completed enrolments / enrolments, whole per cent. */
  completionRate: z.number().int(),
  averageRating: z.number().nullable(),
  /** Course page views in the last 30 days. */
  monthlyViews: z.number().int(),
  /**
   * Enrolments and completions on the instructor's courses in the last 30 days (today and the 29
   * days before, UTC) against the 30 days before those.
   */
  trends: z.object({
    enrolments: z.object({ current: z.number().int(), previous: z.number().int() }),
    completions: z.object({ current: z.number().int(), previous: z.number().int() }),
  }),
});
export type TInstructorStats = z.infer<typeof ZInstructorStats>;

export const ACTIVITY_TYPES = ['enrollment', 'completion', 'review', 'message', 'other'] as const;

/** One entry of the dashboard's recent activity. */
export const ZActivityItem = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  studentName: z.string(),
  courseName: z.string(),
  /** What happened, in short (a review's rating, an assignment): '' when there is nothing to add. */
  details: z.string(),
  timestamp: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;
export const ZActivityList = z.array(ZActivityItem);

/** One learner in the instructor's courses, for the dashboard's students tab. */
export const ZStudentItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  enrolledCourses: z.number().int(),
  /** Average progress over their enrolments in the instructor's courses, whole per cent. */
  averageProgress: z.number().int(),
  /** Their latest activity (or enrolment) in those courses. */
  lastActive: z.string(),
});
export type TStudentItem = z.infer<typeof ZStudentItem>;
export const ZStudentList = z.array(ZStudentItem);

export const ZCoursePerformance = z.object({
  courseId: z.string(),
  courseName: z.string(),
  students: z.number().int(),
  completions: z.number().int(),
  completionRate: z.number().int(),
  averageProgress: z.number().int(),
  revenue: z.number().int(),
  rating: z.number().nullable(),
  views: z.number().int(),
});

export const ZAnalyticsPoint = z.object({ date: z.string(), enrolments: z.number().int(), completions: z.number().int() });

export const ZAnalyticsQuery = z
  .object({
    days: z.coerce
      .number()
      .pipe(z.union([z.literal(30), z.literal(90)]))
      .optional(),
  })
  .strict();

/** The dashboard's analytics, with a per-day series (UTC dates, oldest first, every day present) for the chart. */
export const ZAnalytics = z.object({
  totalRevenue: z.number().int(),
  totalStudents: z.number().int(),
  totalCompletions: z.number().int(),
  averageRating: z.number().nullable(),
  completionRate: z.number().int(),
  monthlyViews: z.number().int(),
  coursePerformance: z.array(ZCoursePerformance),
  days: z.number().int(),
  series: z.array(ZAnalyticsPoint),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

/** An admin's overview of their company. */
export const ZOrganisationOverview = z.object({
  members: z.object({
    total: z.number().int(),
    byRole: z.record(z.enum(ROLES), z.number().int()),
    active: z.number().int(),
    deactivated: z.number().int(),
  }),
  /** Learners (active ones) against the plan's limit; limit null: unlimited. The trial counts as Professional. */
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable(), plan: z.enum(PLANS) }),
  coursesAssigned: z.number().int(),
  overdueLearners: z.number().int(),
});
export type TOrganisationOverview = z.infer<typeof ZOrganisationOverview>;

/** A review of one of the instructor's courses, for the dashboard's "answer questions". */
export const ZInstructorReview = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  learnerName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Who answered, when someone has. */
  repliedBy: z.string().nullable(),
});
export type TInstructorReview = z.infer<typeof ZInstructorReview>;
export const ZInstructorReviewList = z.array(ZInstructorReview);

/** How many items each list of the attention list names at most; `totals` counts them all. */
export const ATTENTION_LIST_MAX = 5;
/** A failed AI job counts for this many days, unless a later run of the same job succeeded or is under way. */
export const ATTENTION_FAILED_JOB_DAYS = 7;
/** A review still to answer counts for this many days after it was written. */
export const ATTENTION_REVIEW_DAYS = 30;

/**
 * What needs the instructor's attention first (GET /api/instructors/{id}/attention): courses still
 * in draft, learners past their due date on the instructor's courses, AI jobs the person started
 * that failed and were not run again, and reviews with a comment still to answer.
 */
export const ZAttention = z.object({
  drafts: z.array(z.object({ courseId: z.string(), title: z.string(), updatedAt: z.string() })),
  overdue: z.array(
    z.object({ userId: z.string(), learnerName: z.string(), courseId: z.string(), courseName: z.string(), dueAt: z.string() }),
  ),
  failedJobs: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      courseId: z.string().nullable(),
      courseName: z.string().nullable(),
      failedAt: z.string(),
    }),
  ),
  /** Reviews with a comment on the person's courses that have no answer yet, newest first. */
  unanswered: z.array(
    z.object({
      reviewId: z.string(),
      courseId: z.string(),
      courseName: z.string(),
      learnerName: z.string(),
      rating: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  totals: z.object({ drafts: z.number().int(), overdue: z.number().int(), failedJobs: z.number().int(), unanswered: z.number().int() }),
});
export type TAttention = z.infer<typeof ZAttention>;
