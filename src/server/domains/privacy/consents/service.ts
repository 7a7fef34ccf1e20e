import type { ConsentKind, TConsent } from '../../../../shared/schemas/legal.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';

/**
 * How a consent is withdrawn, through the service that owns it: given by the composition root as
 * functions, so this domain depends on no other.
 */
export interface ConsentWithdrawals {
  /** The person's own address stops getting the newsletter. */
  newsletter: (email: string) => Promise<void>;
  /** The person's review is no longer quoted; false when it is not theirs or not quoted. */
  reviewQuote: (actor: TUser, reviewId: string) => Promise<boolean>;
}

const byTime = (a: TConsent, b: TConsent) => (a.givenAt < b.givenAt ? 1 : a.givenAt > b.givenAt ? -1 : 0);

/**
 * The consents Kursa keeps about the logged-in person, found by what ties them to the person: the
 * newsletter and the contact form by the person's e-mail address (both are used without an account,
 * and addresses are stored in lower case), a review's consent to be quoted by the person's id.
 */
export class ConsentsService {
  constructor(
    private readonly db: Db,
    private readonly withdrawals: ConsentWithdrawals,
  ) {}

  async list(actor: TUser): Promise<TConsent[]> {
    const [newsletter, contact, quotes] = await Promise.all([
      this.db
        .selectFrom('newsletter_subscriptions')
        .select(['id', 'consent_text', 'consented_at', 'confirmed_at', 'unsubscribed_at'])
        .where('email', '=', actor.email)
        .execute(),
      this.db
        .selectFrom('contact_requests')
        .select(['id', 'consent_text', 'topic', 'created_at'])
        .where('email', '=', actor.email)
        .execute(),
      this.db
        .selectFrom('reviews as r')
        .innerJoin('courses as c', 'c.id', 'r.course_id')
        .select(['r.id', 'r.quote_consent_at', 'c.title'])
        .where('r.user_id', '=', actor.id)
        .where('r.quote_consent_at', 'is not', null)
        .execute(),
    ]);
    const consents: TConsent[] = [
      ...newsletter.map((row) => ({
        kind: 'newsletter' as const,
        id: row.id,
        text: row.consent_text,
        subject: null,
        givenAt: row.consented_at,
        confirmedAt: row.confirmed_at,
        withdrawnAt: row.unsubscribed_at,
        withdrawable: row.unsubscribed_at === null,
      })),
      // Consent to have a request handled is spent on answering it; it is not a standing consent.
      ...contact.map((row) => ({
        kind: 'contact' as const,
        id: row.id,
        text: row.consent_text,
        subject: row.topic,
        givenAt: row.created_at,
        confirmedAt: null,
        withdrawnAt: null,
        withdrawable: false,
      })),
      ...quotes.map((row) => ({
        kind: 'review-quote' as const,
        id: row.id,
        text: null,
        subject: row.title,
        givenAt: row.quote_consent_at!,
        confirmedAt: null,
        withdrawnAt: null,
        withdrawable: true,
      })),
    ];
    return consents.sort(byTime);
  }

  /**
   * Withdraws one of the person's own consents. Anyone else's, or one that is not there, is 404
   * (whether it exists is not told); a contact request's is 400 (it cannot be withdrawn here);
   * a newsletter already unsubscribed stays as it is.
   */
  async withdraw(actor: TUser, kind: ConsentKind, id: string): Promise<TConsent[]> {
    const notFound = () => new AppError('NOT_FOUND', 404, 'consents.notFound');
    if (kind === 'contact') {
      const mine = await this.db
        .selectFrom('contact_requests')
        .select('id')
        .where('id', '=', id)
        .where('email', '=', actor.email)
        .executeTakeFirst();
      if (!mine) throw notFound();
      throw new AppError('CONSENT_NOT_WITHDRAWABLE', 400, 'consents.notWithdrawable');
    }
    if (kind === 'newsletter') {
      const mine = await this.db
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where('id', '=', id)
        .where('email', '=', actor.email)
        .executeTakeFirst();
      if (!mine) throw notFound();
      await this.withdrawals.newsletter(actor.email);
    } else if (!(await this.withdrawals.reviewQuote(actor, id))) throw notFound();
    return this.list(actor);
  }
}
