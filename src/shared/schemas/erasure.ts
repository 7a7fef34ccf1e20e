import { z } from 'zod';

/** A pending erasure: of a person, or of the whole company (docs/features/privacy.md). */
export const ZErasure = z.object({
  id: z.string(),
  kind: z.enum(['self', 'admin', 'retention', 'organisation']),
  status: z.enum(['pending', 'cancelled', 'done']),
  requestedAt: z.string(),
  /** When it is carried out, unless cancelled before. */
  dueAt: z.string(),
});
export type TErasure = z.infer<typeof ZErasure>;

/** GET /api/me/erasure: the person's own pending erasure, or null. */
export const ZMyErasure = z.object({ erasure: ZErasure.nullable() });
export type TMyErasure = z.infer<typeof ZMyErasure>;

/** DELETE /api/me: the person's password, as for any change of their credentials. */
export const ZEraseMeRequest = z.object({ password: z.string().min(1).max(200) });

const months = z.number().int().min(1).max(120).nullable();

/** How long the company keeps what it no longer needs; null: kept until deleted by hand. */
export const ZRetention = z.object({
  /** Learners who have not logged in (or, never logged in, were added) this long ago are erased. */
  inactiveLearnerMonths: months,
  /** AI conversations not continued this long are deleted. */
  aiConversationMonths: months,
  /** Quiz attempts' answers are emptied after this long; the score and pass stay. */
  quizAnswerMonths: months,
  /** The activity feed, read notifications and sent e-mails are deleted after this long; at least 12. */
  logMonths: z.number().int().min(12).max(120).nullable(),
  /** An erased person's enrolments, progress, scores and compliance records stay under a pseudonym. */
  keepTrainingRecords: z.boolean(),
  /** Days between asking for an erasure and carrying it out. */
  graceDays: z.number().int().min(1).max(30),
});
export type TRetention = z.infer<typeof ZRetention>;

/** GET /api/organisation/retention: the settings and the last nightly run. */
export const ZRetentionView = ZRetention.extend({ lastRunAt: z.string().nullable() });
export type TRetentionView = z.infer<typeof ZRetentionView>;

export const RETENTION_DEFAULTS: TRetention = {
  inactiveLearnerMonths: null,
  aiConversationMonths: null,
  quizAnswerMonths: null,
  logMonths: null,
  keepTrainingRecords: true,
  graceDays: 14,
};

/** DELETE /api/organisation: an admin's password, and the company's name typed as it is, so it is not deleted by a slip. */
export const ZDeleteCompanyRequest = z.object({ password: z.string().min(1).max(200), companyName: z.string().min(1).max(200) });
export type TDeleteCompanyRequest = z.infer<typeof ZDeleteCompanyRequest>;

/** GET /api/organisation/deletion: the company's pending deletion, who asked for it, or null. */
export const ZCompanyDeletion = z.object({
  deletion: ZErasure.extend({ requestedByName: z.string().nullable() }).nullable(),
});
export type TCompanyDeletion = z.infer<typeof ZCompanyDeletion>;
