import { z } from 'zod';

export { ACTIVE_LEARNER_DAYS } from '../plans.ts';

/**
 * GET /api/site-stats: the landing page's stats block (`#stats-section`). Not static marketing
 * figures (50K+ courses, 2M+ learners…): Kursa shows this installation's, counted by the server
 * and cached for a minute.
 */
export const ZSiteStats = z.object({
  /** Courses made on this installation (every status; deleted ones are gone). */
  coursesCreated: z.number().int(),
  /** Learners with learning activity in the last ACTIVE_LEARNER_DAYS (plans.ts) days. */
  activeLearners: z.number().int(),
  /** Completed enrolments out of all enrolments, whole per cent; null before the first enrolment. */
  completionRate: z.number().int().min(0).max(100).nullable(),
  /** The mean of every course review, one decimal; null before the first review. */
  averageRating: z.number().min(1).max(5).nullable(),
  reviews: z.number().int(),
  /** When the figures were counted (UTC ISO). */
  countedAt: z.string(),
});
export type TSiteStats = z.infer<typeof ZSiteStats>;

/** GET /api/testimonials: /pricing's quotes, real reviews whose writers agreed to be quoted. */
export const ZTestimonial = z.object({
  quote: z.string(),
  rating: z.number().int().min(1).max(5),
  /** The reviewer's first name and company, as the consent said. */
  name: z.string(),
  company: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
});
export const ZTestimonials = z.object({ testimonials: z.array(ZTestimonial) });
export type TTestimonials = z.infer<typeof ZTestimonials>;

/** At most this many quotes, and only reviews rated at least this with a comment at least this long. */
export const TESTIMONIALS = { count: 3, minRating: 4, minLength: 20 } as const;
