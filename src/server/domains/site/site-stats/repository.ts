import type { Db } from '../../../db/database.ts';

/** The landing page's figures: the only SQL, over the whole installation. Counts are text on PostgreSQL. */

export async function courseCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((s) => s.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Distinct learners with learning activity (a lesson opened or completed) since `since`. */
export async function activeLearnerCount(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('enrolments')
    .where('last_activity_at', '>=', since)
    .select((s) => s.fn.count<number | string>('user_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function enrolmentCounts(db: Db): Promise<{ enrolments: number; completed: number }> {
  const row = await db
    .selectFrom('enrolments')
    .select((s) => [s.fn.countAll<number | string>().as('enrolments'), s.fn.count<number | string>('completed_at').as('completed')])
    .executeTakeFirstOrThrow();
  return { enrolments: Number(row.enrolments), completed: Number(row.completed) };
}

export async function ratingSummary(db: Db): Promise<{ reviews: number; sum: number }> {
  const row = await db
    .selectFrom('reviews')
    .select((s) => [s.fn.countAll<number | string>().as('reviews'), s.fn.sum<number | string | null>('rating').as('sum')])
    .executeTakeFirstOrThrow();
  return { reviews: Number(row.reviews), sum: Number(row.sum ?? 0) };
}

/**
 * Reviews whose writers agreed to be quoted (and still have an active account), of courses anyone
 * may see (published, public), rated highly with something to quote: the newest first.
 */
export async function quotableReviews(db: Db, limits: { count: number; minRating: number; minLength: number }) {
  return (
    db
      .selectFrom('reviews as r')
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
      .where('r.quote_consent_at', 'is not', null)
      // A deactivated person's words are no longer shown with their name.
      .where('u.deactivated_at', 'is', null)
      .where('r.rating', '>=', limits.minRating)
      .where('c.status', '=', 'published')
      .where('c.visibility', '=', 'public')
      .where((eb) => eb(eb.fn('length', ['r.comment']), '>=', limits.minLength))
      .select(['r.comment', 'r.rating', 'u.contact_name', 'o.name as company', 'c.title', 'c.slug'])
      .orderBy('r.updated_at', 'desc')
      .limit(limits.count)
      .execute()
  );
}
