import { z } from 'zod';
import { safeString } from './common.ts';

/** A company's audit log: what its admins did to its people, requirements and reports, and their logins. */

export const ZAuditQuery = z.strictObject({
  /** A user id, or an e-mail address as recorded. */
  actor: safeString().min(1).max(254).optional(),
  action: safeString().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true, error: 'audit.date' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'audit.date' }).optional(),
  format: z.enum(['json', 'csv']).optional(),
  /** JSON only: the entries before this seq (the previous page's nextBefore). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
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
