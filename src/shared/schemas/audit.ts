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

/** Where the company's chain starts after retention removed its oldest entries, as the audit page tells it. */
export const ZAuditCheckpointSummary = z.object({
  /** The last entry removed: the log starts at seq + 1. */
  seq: z.number().int(),
  /** When that entry was recorded: everything up to it is gone. */
  entryAt: z.string(),
  /** When the retention run removed them. */
  madeAt: z.string(),
  /** How many entries that run removed. */
  removed: z.number().int(),
});

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  /** The latest checkpoint, when retention has removed entries; null while the chain starts at seq 1. */
  checkpoint: ZAuditCheckpointSummary.nullable(),
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

/**
 * The latest checkpoint in full, signed with the installation's key over the statement in
 * src/server/domains/privacy/audit/statement.ts, with the public key its keyId names.
 */
export const ZAuditCheckpoint = ZAuditCheckpointSummary.extend({
  organisationId: z.string(),
  /** The hash of entry seq: the first entry left links to it. */
  hash: z.string(),
  keyId: z.string(),
  signature: z.string(),
  publicKey: z.string(),
});
export type TAuditCheckpoint = z.infer<typeof ZAuditCheckpoint>;

/**
 * format=json: the latest checkpoint the chain starts from (null while nothing was removed), every
 * entry in chain order (oldest first), then the company's signed heads, as the CSV has them.
 */
export const ZAuditExport = z.object({
  checkpoint: ZAuditCheckpoint.nullable(),
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
