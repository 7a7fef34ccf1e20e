import { z } from 'zod';
import { isValidDomain, normaliseDomainInput } from '../validation/domain.ts';
import { safeString } from './common.ts';

/** A company's e-mail domains, proved by DNS or by its registry e-mail, and people's sessions (docs/decisions/056-company-domains-and-sessions.md). */

/** Where the TXT record that proves a company controls `domain` goes, and what it says. */
export function companyDomainRecord(domain: string, token: string) {
  return { type: 'TXT' as const, name: `_kursa-verification.${domain}`, value: `kursa-verification=${token}` };
}

export const ZAddCompanyDomain = z
  .object({
    domain: safeString('orgDomain.invalid')
      .max(300, { error: 'orgDomain.invalid' })
      .overwrite((v) => normaliseDomainInput(v) ?? '')
      .refine(isValidDomain, { error: 'orgDomain.invalid' }),
  })
  .strict();

export const ZCompanyDomain = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** How control was proved: its TXT record, or the registry e-mail proved at registration. */
  method: z.enum(['dns', 'registry']).nullable(),
  /** The TXT record to publish (kept once verified: removing it proves nothing away, but it is what was checked). */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyDomain = z.infer<typeof ZCompanyDomain>;

export const ZCompanyDomainList = z.object({ domains: z.array(ZCompanyDomain) });
export type TCompanyDomainList = z.infer<typeof ZCompanyDomainList>;

export const ZSessionInfo = z.object({
  /** The session's id, not its token. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** A short name for the browser and system, from the user agent ("Firefox · Windows"), or null. */
  device: z.string().nullable(),
  /** The session of the request asking. */
  current: z.boolean(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZSessionList = z.object({ sessions: z.array(ZSessionInfo) });
export type TSessionList = z.infer<typeof ZSessionList>;

export const ZSessionsEnded = z.object({ ended: z.number().int() });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;
