import { z } from 'zod';
import { CONTACT_TOPICS } from '../contact-topics.ts';
import { emailField, safeString, text } from './common.ts';

const optionalText = (max: number, key: string) =>
  safeString(key)
    .trim()
    .max(max, { error: key })
    .optional()
    .transform((v) => (v ? v : null));

/** POST /api/contact. The consent line is sent as the page showed it, and stored with the request. */
export const ZContactRequest = z.strictObject({
  name: text(2, 120, 'contact.name'),
  email: emailField('contact.email'),
  company: optionalText(200, 'contact.company'),
  phone: safeString('contact.phone')
    .trim()
    .max(30, { error: 'contact.phone' })
    .refine((v) => v === '' || /^\+?[\d\s\-()]{8,30}$/.test(v), { error: 'contact.phone' })
    .optional()
    .transform((v) => (v ? v : null)),
  topic: z.enum(CONTACT_TOPICS, { error: 'contact.topic' }),
  message: safeString('contact.message').trim().min(10, { error: 'contact.message' }).max(5000, { error: 'contact.message' }),
  consent: z.literal(true, { error: 'contact.consent' }),
  consentText: text(10, 1000, 'contact.consent'),
  language: z.enum(['da', 'en'], { error: 'http.invalidValue' }).optional(),
});
export type TContactRequest = z.output<typeof ZContactRequest>;

/** 201: stored; `mailed` says whether it also went to the sales team's mailbox. */
export const ZContactReceived = z.object({ id: z.string(), mailed: z.boolean() });
export type TContactReceived = z.infer<typeof ZContactReceived>;
