import { z } from 'zod';
import { isValidDomain, normaliseDomainInput } from '../validation/domain.ts';
import { safeString } from './common.ts';

/** A company's own domain for its site. */

export const ZDomainRequest = z
  .object({
    domain: safeString('domain.invalid')
      .max(300, { error: 'domain.invalid' })
      .overwrite((v) => normaliseDomainInput(v) ?? '')
      .refine(isValidDomain, { error: 'domain.invalid' }),
  })
  .strict();

export const ZCustomDomain = z.object({
  /** Whether the company's plan includes a domain of its own. */
  included: z.boolean(),
  domain: z.string().nullable(),
  status: z.enum(['none', 'pending', 'verified']),
  /** The TXT record to add at the DNS provider (while not yet verified too: it must stay). */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).nullable(),
  /** What the domain's CNAME record points at: this installation's host. */
  target: z.string(),
  verifiedAt: z.string().nullable(),
  /** The site's address at the domain, once verified. */
  siteUrl: z.string().nullable(),
});
export type TCustomDomain = z.infer<typeof ZCustomDomain>;

export const ZDomainAllowedQuery = z.object({ domain: safeString().min(1).max(300) });
