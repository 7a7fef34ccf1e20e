import { z } from 'zod';
import { emailField, safeString } from './common.ts';

/** How long a newsletter confirmation link works. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** POST /api/newsletter/subscribe. The consent line is sent as the box showed it, and stored. */
export const ZNewsletterSubscribe = z.strictObject({
  email: emailField('newsletter.email'),
  language: z.enum(['da', 'en'], { error: 'http.invalidValue' }),
  consentText: safeString('newsletter.consent').trim().min(10, { error: 'newsletter.consent' }).max(1000, { error: 'newsletter.consent' }),
});
export type TNewsletterSubscribe = z.output<typeof ZNewsletterSubscribe>;

/** A confirmation or unsubscribe link's token. */
export const ZNewsletterToken = z.strictObject({
  token: safeString('newsletter.linkInvalid').min(20, { error: 'newsletter.linkInvalid' }).max(100, { error: 'newsletter.linkInvalid' }),
});

/** The answer to a subscription: the same whether or not the address was subscribed already. */
export const ZNewsletterAccepted = z.object({ accepted: z.literal(true) });
export const ZNewsletterState = z.object({ status: z.enum(['confirmed', 'unsubscribed']) });
export type TNewsletterState = z.infer<typeof ZNewsletterState>;
