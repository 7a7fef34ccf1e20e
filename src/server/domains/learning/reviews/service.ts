import type { TInstructorReview, TMyReview, TReview, TReviewRequest } from '../../../../shared/schemas/dashboard.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import * as repo from './repository.ts';

const notFound = () => new AppError('COURSE_NOT_FOUND', 404, 'course.notFound');

function toReview(row: {
  id: string;
  course_id: string;
  rating: number;
  comment: string;
  quote_consent_at: string | null;
  created_at: string;
  updated_at: string;
  reply: string | null;
  replied_at: string | null;
}): TReview {
  return {
    id: row.id,
    courseId: row.course_id,
    rating: Number(row.rating),
    comment: row.comment,
    quote: row.quote_consent_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reply: row.reply,
    repliedAt: row.replied_at,
  };
}

/** A learner who has started a course rates it 1–5, once, and may edit it. */
export class ReviewsService {
  constructor(
    private readonly db: Db,
    /** After a first review of a course by its writer is stored. */
    private readonly onReviewed: (reviewId: string) => Promise<void> = async () => {},
  ) {}

  /** The caller's own review and whether they may write one; a course they could not see answers 404. */
  async mine(actor: TUser, courseId: string): Promise<TMyReview> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course) throw notFound();
    const enrolment = await repo.enrolmentState(this.db, courseId, actor.id);
    const visible =
      enrolment !== undefined ||
      course.organisation_id === actor.organisationId ||
      (course.status === 'published' && course.visibility !== 'private');
    if (!visible) throw notFound();
    const row = enrolment ? await repo.findReview(this.db, courseId, actor.id) : undefined;
    return { review: row ? toReview(row) : null, canReview: Boolean(enrolment?.started) };
  }

  async put(actor: TUser, courseId: string, body: TReviewRequest): Promise<TReview> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course) throw notFound();
    const enrolment = await repo.enrolmentState(this.db, courseId, actor.id);
    if (!enrolment) {
      // A course the caller could not see anyway stays invisible (another company's private or
      // unpublished course); one they can see, but have not enrolled in, says why.
      const visible = course.organisation_id === actor.organisationId || (course.status === 'published' && course.visibility !== 'private');
      if (!visible) throw notFound();
      throw new AppError('REVIEW_NOT_STARTED', 403, 'review.notStarted');
    }
    if (!enrolment.started) throw new AppError('REVIEW_NOT_STARTED', 403, 'review.notStarted');

    const now = new Date().toISOString();
    const existing = await repo.findReview(this.db, courseId, actor.id);
    // Consent to be quoted keeps the time it was first given; leaving it out changes nothing.
    const quoteConsentAt =
      body.quote === undefined ? (existing?.quote_consent_at ?? null) : body.quote ? (existing?.quote_consent_at ?? now) : null;
    const values = { rating: body.rating, comment: body.comment ?? '', quoteConsentAt, now };
    if (!existing) {
      try {
        await repo.insertReview(
          this.db,
          { id: newId(), courseId, userId: actor.id, ...values },
          { id: newId(), organisationId: course.organisation_id },
        );
        const review = (await repo.findReview(this.db, courseId, actor.id))!;
        await this.onReviewed(review.id);
        return toReview(review);
      } catch (error) {
        // Two first reviews at once: the other one is the review; this one edits it.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    await repo.updateReview(this.db, courseId, actor.id, values);
    return toReview((await repo.findReview(this.db, courseId, actor.id))!);
  }

  /**
   * The writer withdraws their consent to be quoted on Kursa's site (their consents on the profile):
   * the review stays, the quote goes. Another person's review, or one not quoted, is false.
   */
  async withdrawQuote(actor: TUser, reviewId: string): Promise<boolean> {
    return repo.withdrawQuoteConsent(this.db, reviewId, actor.id);
  }

  /**
   * The course's answer to a review: its instructor's, or an admin's of its company. A review of
   * another company's course, or asked for by a learner, is not there (404); an instructor of the
   * company answering a colleague's course is told it is not theirs (403). Writing again replaces it.
   */
  async reply(actor: TUser, reviewId: string, text: string | null): Promise<TInstructorReview> {
    const row = await repo.findReviewForReply(this.db, reviewId);
    if (!row || row.organisation_id !== actor.organisationId || actor.role === 'learner') {
      throw new AppError('NOT_FOUND', 404, 'review.notFound');
    }
    if (actor.role !== 'admin' && row.owner_id !== actor.id) throw new AppError('FORBIDDEN', 403, 'review.replyNotYours');
    await repo.setReply(this.db, reviewId, text === null ? null : { text, by: actor.id, at: new Date().toISOString() });
    const saved = (await repo.findReviewForReply(this.db, reviewId))!;
    return {
      id: saved.id,
      courseId: saved.course_id,
      courseName: saved.title,
      learnerName: saved.contact_name,
      rating: Number(saved.rating),
      comment: saved.comment,
      createdAt: saved.created_at,
      updatedAt: saved.updated_at,
      reply: saved.reply,
      repliedAt: saved.replied_at,
      repliedBy: saved.replied_by_name ?? null,
    };
  }
}
