import type { z } from 'zod';
import { ZMarketingCopy, type TMarketingCopy } from '../../../../shared/schemas/course-marketing.ts';

/**
 * The marketing copy of the creator wizard's Launch step: the counts are exact and the SEO lengths
 * hard limits, so a short or long answer is invalid and re-asked. Ten ad variations must be ten,
 * not one twice.
 */
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export const ZMarketingOutput: z.ZodType<TMarketingCopy> = ZMarketingCopy.superRefine((copy, ctx) => {
  copy.adVariations.forEach((ad, i) => {
    const j = copy.adVariations.findIndex((other) => same(other.headline, ad.headline) && same(other.text, ad.text));
    if (j < i) ctx.addIssue({ code: 'custom', path: ['adVariations', i], message: `must differ from ad variation ${j + 1}` });
  });
  copy.emails.forEach((email, i) => {
    const j = copy.emails.findIndex((other) => same(other.subject, email.subject));
    if (j < i) ctx.addIssue({ code: 'custom', path: ['emails', i, 'subject'], message: `must differ from e-mail ${j + 1}'s subject` });
  });
});
