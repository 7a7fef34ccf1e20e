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

/** GET /api/newsletter/account: whether the signed-in account's own address gets the newsletter. */
export const ZAccountNewsletter = z.object({ subscribed: z.boolean() });
export type TAccountNewsletter = z.infer<typeof ZAccountNewsletter>;

/**
 * PUT /api/newsletter/account: the settings' marketing switch. The consent line is sent as the
 * switch showed it, and stored when the switch is turned on.
 */
export const ZAccountNewsletterUpdate = z.strictObject({
  subscribed: z.boolean({ error: 'http.invalidValue' }),
  language: z.enum(['da', 'en'], { error: 'http.invalidValue' }),
  consentText: safeString('newsletter.consent').trim().min(10, { error: 'newsletter.consent' }).max(1000, { error: 'newsletter.consent' }),
});
export type TAccountNewsletterUpdate = z.output<typeof ZAccountNewsletterUpdate>;
