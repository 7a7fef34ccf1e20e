import type { Db } from '../../../db/database.ts';

/** The only SQL for reviews. */

export async function findCourse(db: Db, courseId: string) {
  return db.selectFrom('courses').select(['id', 'organisation_id', 'status', 'visibility']).where('id', '=', courseId).executeTakeFirst();
}

/**
 * Whether `userId` has started the course: an enrolment with activity, or any lesson progress.
 * Answers undefined when they are not enrolled at all.
 */
export async function enrolmentState(db: Db, courseId: string, userId: string): Promise<{ started: boolean } | undefined> {
  const row = await db
    .selectFrom('enrolments as e')
    .select((eb) => [
      'e.last_activity_at',
      eb.exists(eb.selectFrom('lesson_progress as p').select('p.lesson_id').whereRef('p.enrolment_id', '=', 'e.id')).as('has_progress'),
    ])
    .where('e.course_id', '=', courseId)
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { started: row.last_activity_at !== null || Boolean(Number(row.has_progress)) };
}

export async function findReview(db: Db, courseId: string, userId: string) {
  return db.selectFrom('reviews').selectAll().where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
}

/** The first review and its activity row, together; a second one fails on the unique index. */
export async function insertReview(
  db: Db,
  review: { id: string; courseId: string; userId: string; rating: number; comment: string; quoteConsentAt: string | null; now: string },
  activity: { id: string; organisationId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reviews')
      .values({
        id: review.id,
        course_id: review.courseId,
        user_id: review.userId,
        rating: review.rating,
        comment: review.comment,
        quote_consent_at: review.quoteConsentAt,
        created_at: review.now,
        updated_at: review.now,
      })
      .execute();
    await trx
      .insertInto('activity')
      .values({
        id: activity.id,
        organisation_id: activity.organisationId,
        course_id: review.courseId,
        user_id: review.userId,
        kind: 'review',
        created_at: review.now,
      })
      .execute();
  });
}

export async function updateReview(
  db: Db,
  courseId: string,
  userId: string,
  set: { rating: number; comment: string; quoteConsentAt: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ rating: set.rating, comment: set.comment, quote_consent_at: set.quoteConsentAt, updated_at: set.now })
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .execute();
}

/** A review with what deciding who may answer it needs: its course's company and owner. */
export async function findReviewForReply(db: Db, reviewId: string) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as replier', 'replier.id', 'r.replied_by')
    .select([
      'r.id',
      'r.course_id',
      'r.rating',
      'r.comment',
      'r.created_at',
      'r.updated_at',
      'r.reply',
      'r.replied_at',
      'replier.contact_name as replied_by_name',
      'c.title',
      'c.organisation_id',
      'c.owner_id',
      'u.contact_name',
    ])
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
}

/** Sets (or with null clears) the course's answer; the review's own text and time stay the learner's. */
export async function setReply(db: Db, reviewId: string, reply: { text: string; by: string; at: string } | null): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ reply: reply?.text ?? null, replied_by: reply?.by ?? null, replied_at: reply?.at ?? null })
    .where('id', '=', reviewId)
    .execute();
}

/** The writer takes back their consent to be quoted; false when the review is not theirs (or not there). */
export async function withdrawQuoteConsent(db: Db, reviewId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    // The review's text is unchanged, so it is not marked as edited.
    .set({ quote_consent_at: null })
    .where('id', '=', reviewId)
    .where('user_id', '=', userId)
    .where('quote_consent_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
