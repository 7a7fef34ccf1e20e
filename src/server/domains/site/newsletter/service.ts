import type { FastifyBaseLogger } from 'fastify';
import {
  NEWSLETTER_CONFIRM_DAYS,
  type TAccountNewsletter,
  type TAccountNewsletterUpdate,
  type TNewsletterState,
  type TNewsletterSubscribe,
} from '../../../../shared/schemas/newsletter.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import type { Mailer, MailMessage } from '../../../mail/mailer.ts';
import { newsletterConfirmMail } from '../../../mail/templates.ts';
import { hashToken, newId, newSessionToken } from '../../../security/tokens.ts';
import { emailKey, ipKey, PUBLIC_FORM_LIMITS, reserve } from '../../../throttle/public-forms.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The newsletter with double opt-in: a sign-up is stored pending with the consent
 * line as shown and its time, and a mail asks to confirm; every mail carries a one-click
 * unsubscribe link (and RFC 8058's headers). No answer tells whether an address is subscribed.
 */
export class NewsletterService {
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private url(path: string): string {
    return new URL(path, this.publicUrl).toString();
  }

  async subscribe(input: TNewsletterSubscribe, ip: string, now = new Date()): Promise<void> {
    await reserve(
      this.db,
      [
        { limit: PUBLIC_FORM_LIMITS.newsletterPerIp, key: ipKey(ip) },
        { limit: PUBLIC_FORM_LIMITS.newsletterPerEmail, key: emailKey(input.email) },
      ],
      { code: 'NEWSLETTER_THROTTLED', message: 'newsletter.throttled' },
      now,
    );
    // An address whose sign-up was never confirmed is not kept once its link has long expired.
    await repo.deleteUnconfirmedExpiredBefore(this.db, new Date(now.getTime() - NEWSLETTER_CONFIRM_DAYS * DAY_MS).toISOString());
    const existing = await repo.findByEmail(this.db, input.email);
    // Subscribed and confirmed already: nothing changes and nothing is sent; the answer is the same.
    if (existing && existing.confirmed_at !== null && existing.unsubscribed_at === null) return;
    const confirmToken = newSessionToken();
    const unsubscribeToken = newSessionToken();
    const at = now.toISOString();
    const pending: repo.PendingSubscription = {
      email: input.email,
      language: input.language,
      consentText: input.consentText,
      confirmTokenHash: hashToken(confirmToken),
      confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY_MS).toISOString(),
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      now: at,
    };
    if (existing) {
      if (!(await repo.renewPending(this.db, existing.id, pending))) return;
    } else {
      try {
        await repo.insertPending(this.db, newId(), pending);
      } catch (error) {
        // The same address signed up at the same moment in another request, which sends its mail.
        if (isUniqueViolation(error)) return;
        throw error;
      }
    }
    // Sent after the answer, so how long it takes does not tell a new address from a subscribed one.
    this.send(
      newsletterConfirmMail(input.language, input.email, {
        confirmLink: this.url(`/newsletter/confirm/${confirmToken}`),
        unsubscribeLink: this.url(`/newsletter/unsubscribe/${unsubscribeToken}`),
        unsubscribePost: this.url(`/api/newsletter/unsubscribe/${unsubscribeToken}`),
        days: NEWSLETTER_CONFIRM_DAYS,
      }),
    );
  }

  private send(message: MailMessage): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ err: error }, 'a newsletter confirmation mail could not be sent'));
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }

  /** Resolves when every mail started so far has been handed over (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  /** The confirmation link: the subscription starts. Opening it again changes nothing. */
  async confirm(token: string, now = new Date()): Promise<TNewsletterState> {
    const row = await repo.findByConfirmHash(this.db, hashToken(token));
    if (!row) throw linkError('NEWSLETTER_LINK_INVALID', 'newsletter.linkInvalid');
    if (row.unsubscribed_at !== null) throw linkError('NEWSLETTER_UNSUBSCRIBED', 'newsletter.unsubscribed');
    if (row.confirmed_at !== null) return { status: 'confirmed' };
    const at = now.toISOString();
    if (row.confirm_expires_at <= at) throw linkError('NEWSLETTER_LINK_EXPIRED', 'newsletter.linkExpired');
    await repo.markConfirmed(this.db, row.id, at);
    return { status: 'confirmed' };
  }

  /** Whether the signed-in account's own address gets the newsletter (the settings' marketing switch). */
  async accountState(email: string): Promise<TAccountNewsletter> {
    const row = await repo.findByEmail(this.db, email);
    return { subscribed: row !== undefined && row.confirmed_at !== null && row.unsubscribed_at === null };
  }

  /**
   * The marketing switch: on subscribes the account's own address at once, with no mail to confirm
   * (the account proved the address when it was made); off unsubscribes it, as its links would.
   */
  async setForAccount(email: string, update: TAccountNewsletterUpdate, now = new Date()): Promise<TAccountNewsletter> {
    const at = now.toISOString();
    if (!update.subscribed) {
      await repo.markUnsubscribed(this.db, { email }, at);
      return { subscribed: false };
    }
    await repo.subscribeConfirmed(this.db, newId(), {
      email,
      language: update.language,
      consentText: update.consentText,
      // Never mailed: the address is confirmed already. Stored hashed like every token.
      confirmTokenHash: hashToken(newSessionToken()),
      unsubscribeTokenHash: hashToken(newSessionToken()),
      now: at,
    });
    return { subscribed: true };
  }

  /** A person's own address stops getting the newsletter (their consents on the profile): a pending sign-up too. */
  async unsubscribeAccount(email: string, now = new Date()): Promise<void> {
    await repo.markUnsubscribed(this.db, { email }, now.toISOString());
  }

  /** The one-click unsubscribe link: works without a session, and again and again. */
  async unsubscribe(token: string, now = new Date()): Promise<TNewsletterState> {
    const row = await repo.findByUnsubscribeHash(this.db, hashToken(token));
    if (!row) throw linkError('NEWSLETTER_LINK_INVALID', 'newsletter.linkInvalid');
    await repo.markUnsubscribed(this.db, { id: row.id }, now.toISOString());
    return { status: 'unsubscribed' };
  }
}

function linkError(code: string, key: 'newsletter.linkInvalid' | 'newsletter.linkExpired' | 'newsletter.unsubscribed'): AppError {
  return new AppError(code, 400, key, { fields: { token: key } });
}
