import { z } from 'zod';
import { safeString } from './common.ts';

/** A company's audit log: what its admins did to its people, requirements and reports, and their logins. */

export const ZAuditQuery = z.strictObject({
  /** A user id, or an e-mail address as recorded. */
  actor: safeString().min(1).max(254).optional(),
  action: safeString().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true, error: 'audit.date' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'audit.date' }).optional(),
  /** Left out: a page for the screen. json and csv: every entry in chain order, with the signed heads, as a download. */
  format: z.enum(['json', 'csv']).optional(),
  /** Pages only: the entries before this seq (the previous page's nextBefore). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  /** The company's id: part of what each entry's hash covers, so an export checks on its own. */
  organisationId: z.string(),
  seq: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  /** Pass as `before` for the next (older) page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** A signed chain head, with the public key (SPKI PEM) its keyId names, so an export checks offline. */
export const ZAuditSignature = z.object({
  organisationId: z.string(),
  seq: z.number().int(),
  hash: z.string(),
  signedAt: z.string(),
  keyId: z.string(),
  signature: z.string(),
  publicKey: z.string(),
});
export type TAuditSignature = z.infer<typeof ZAuditSignature>;

/** format=json: every entry in chain order (oldest first), then the company's signed heads, as the CSV has them. */
export const ZAuditExport = z.object({
  entries: z.array(ZAuditEntry),
  signatures: z.array(ZAuditSignature),
});
export type TAuditExport = z.infer<typeof ZAuditExport>;

/** The installation's public key that signs the chain heads (and certificates), as admins download it. */
export const ZAuditPublicKeyQuery = z.strictObject({ format: z.enum(['pem', 'json']).optional() });
export const ZAuditPublicKey = z.object({
  keyId: z.string(),
  /** Lower-case hex SHA-256 of the key's SPKI DER: `openssl pkey -pubin -in key.pem -outform DER | sha256sum`. */
  fingerprint: z.string(),
  pem: z.string(),
});
export type TAuditPublicKey = z.infer<typeof ZAuditPublicKey>;
