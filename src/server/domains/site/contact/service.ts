import type { FastifyBaseLogger } from 'fastify';
import type { TContactReceived, TContactRequest } from '../../../../shared/schemas/contact.ts';
import type { Db } from '../../../db/database.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { contactRequestMail } from '../../../mail/templates.ts';
import { newId } from '../../../security/tokens.ts';
import { ipKey, PUBLIC_FORM_LIMITS, reserve } from '../../../throttle/public-forms.ts';
import * as repo from './repository.ts';

/**
 * The contact form: every request is stored (with the page's language and the
 * consent line the sender saw, nothing about them they did not type), and mailed to SALES_EMAIL
 * with Reply-To the sender when mail is on and SALES_EMAIL is set.
 */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly salesEmail: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async submit(input: TContactRequest, ip: string, requestLanguage: 'da' | 'en' | undefined, now = new Date()): Promise<TContactReceived> {
    await reserve(
      this.db,
      [{ limit: PUBLIC_FORM_LIMITS.contactPerIp, key: ipKey(ip) }],
      { code: 'CONTACT_THROTTLED', message: 'contact.throttled' },
      now,
    );
    const id = newId();
    const at = now.toISOString();
    const language = input.language ?? requestLanguage ?? 'da';
    await repo.insertContactRequest(this.db, {
      id,
      name: input.name,
      email: input.email,
      company: input.company,
      phone: input.phone,
      topic: input.topic,
      message: input.message,
      language,
      consentText: input.consentText,
      now: at,
    });
    if (!this.salesEmail) return { id, mailed: false };
    try {
      // The sales team reads Danish, the product's home language.
      await this.mailer.send(contactRequestMail('da', this.salesEmail, { ...input, language, receivedAt: at }));
    } catch (error) {
      // The request is stored; the team sees it there even when the mail did not go.
      this.log.error({ err: error, contactRequest: id }, 'a contact request could not be mailed to SALES_EMAIL');
      return { id, mailed: false };
    }
    await repo.markMailed(this.db, id, new Date().toISOString());
    return { id, mailed: true };
  }
}
