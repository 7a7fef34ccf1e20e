import { ACTIVE_LEARNER_DAYS, TESTIMONIALS, type TSiteStats, type TTestimonials } from '../../../../shared/schemas/site-stats.ts';
import type { Db } from '../../../db/database.ts';
import { activeLearnerCount, courseCount, enrolmentCounts, quotableReviews, ratingSummary } from './repository.ts';

const DAY_MS = 86_400_000;
/** How long a count is served before it is made again: the front page is the busiest page. */
export const SITE_STATS_TTL_MS = 60_000;

/**
 * The landing page's stats block: this installation's real figures, never fixed numbers written
 * into the page, counted at most once a TTL per process however many visitors ask. Concurrent
 * requests for expired figures share one count.
 */
export class SiteStatsService {
  private cached: { at: number; stats: Promise<TSiteStats> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SITE_STATS_TTL_MS,
  ) {}

  stats(): Promise<TSiteStats> {
    const now = this.now();
    if (!this.cached || now - this.cached.at >= this.ttlMs) {
      const stats = this.count(now);
      this.cached = { at: now, stats };
      // A failed count is not kept: the next visitor tries again.
      stats.catch(() => {
        if (this.cached?.stats === stats) this.cached = undefined;
      });
    }
    return this.cached.stats;
  }

  private async count(now: number): Promise<TSiteStats> {
    const since = new Date(now - ACTIVE_LEARNER_DAYS * DAY_MS).toISOString();
    const [courses, activeLearners, enrolments, rating] = await Promise.all([
      courseCount(this.db),
      activeLearnerCount(this.db, since),
      enrolmentCounts(this.db),
      ratingSummary(this.db),
    ]);
    return {
      coursesCreated: courses,
      activeLearners,
      completionRate: enrolments.enrolments > 0 ? Math.round((enrolments.completed / enrolments.enrolments) * 100) : null,
      averageRating: rating.reviews > 0 ? Math.round((rating.sum / rating.reviews) * 10) / 10 : null,
      reviews: rating.reviews,
      countedAt: new Date(now).toISOString(),
    };
  }

  /** /pricing's quotes: consented reviews, each with the first name and company the consent names. */
  async testimonials(): Promise<TTestimonials> {
    const rows = await quotableReviews(this.db, TESTIMONIALS);
    return {
      testimonials: rows.map((row) => ({
        quote: row.comment.trim(),
        rating: Number(row.rating),
        name: row.contact_name.trim().split(/\s+/)[0] ?? '',
        company: row.company,
        courseTitle: row.title,
        courseSlug: row.slug,
      })),
    };
  }
}
