import { z } from 'zod';
import { safeString } from './common.ts';

/**
 * What the legal pages ask the server: who processes personal data for this installation (read
 * from its configuration, never a fixed list), and the consents a person gave that Kursa keeps.
 */

/** What a sub-processor does for Kursa. */
export const SUBPROCESSOR_KINDS = ['hosting', 'ai', 'payments', 'mail', 'storage'] as const;
/** Who it is: a company only when the operator configured that company's service; otherwise the host names it. */
export const SUBPROCESSOR_PROVIDERS = ['server', 'openai', 'anthropic', 'openai-compatible', 'stripe', 'smtp', 's3'] as const;
/**
 * Where the data is processed: in the EU, in the USA, on the installation's own server, or not
 * known from the configuration (a host name says nothing about where it stands).
 */
export const SUBPROCESSOR_LOCATIONS = ['eu', 'us', 'same-server', 'unknown'] as const;
/**
 * The transfer basis: none needed (EU/EEA or the same server), the EU–US Data Privacy Framework
 * with the standard contractual clauses, or the standard clauses should the host be outside the EU/EEA.
 */
export const TRANSFER_BASES = ['none', 'dpf-scc', 'scc-if-outside'] as const;

export const ZSubprocessor = z.object({
  kind: z.enum(SUBPROCESSOR_KINDS),
  provider: z.enum(SUBPROCESSOR_PROVIDERS),
  /** The host name as configured (PUBLIC_URL, the AI endpoint, SMTP_URL, S3_ENDPOINT, the Stripe API). */
  host: z.string(),
  /** S3_REGION, when given. */
  region: z.string().nullable(),
  location: z.enum(SUBPROCESSOR_LOCATIONS),
  transfer: z.enum(TRANSFER_BASES),
});
export type TSubprocessor = z.infer<typeof ZSubprocessor>;
export const ZSubprocessorList = z.object({ subprocessors: z.array(ZSubprocessor) });
export type TSubprocessorList = z.infer<typeof ZSubprocessorList>;

/** GET /api/organisation/dpa.pdf: the language of the file (a download link cannot choose its Accept-Language). */
export const ZDpaQuery = z.strictObject({ lang: z.enum(['da', 'en']).optional() });

/** The consents Kursa keeps about a person. */
export const CONSENT_KINDS = ['newsletter', 'contact', 'review-quote'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const ZConsent = z.object({
  kind: z.enum(CONSENT_KINDS),
  /** The record's id (a subscription, a contact request, a review). */
  id: z.string(),
  /** The consent line as the person saw it, when it was stored. */
  text: z.string().nullable(),
  /** What it concerns: the course a review quote is of, the topic of a contact request. */
  subject: z.string().nullable(),
  givenAt: z.string(),
  /** The newsletter's double opt-in: when the link in the mail was opened (null: not yet). */
  confirmedAt: z.string().nullable(),
  /** When it was withdrawn (null: it stands). */
  withdrawnAt: z.string().nullable(),
  /** Whether it can be withdrawn here (DELETE /api/me/consents/{kind}/{id}). */
  withdrawable: z.boolean(),
});
export type TConsent = z.infer<typeof ZConsent>;
export const ZConsentList = z.object({ consents: z.array(ZConsent) });
export type TConsentList = z.infer<typeof ZConsentList>;

export const ZConsentParams = z.object({ kind: z.enum(CONSENT_KINDS, { error: 'consents.kind' }), id: safeString().min(1).max(64) });
