import { z } from 'zod';

/** A copy of a person's data, or of a whole company's (GDPR art. 15 and 20): docs/features/privacy.md. */

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

export const ZDataExport = z.object({
  id: z.string(),
  /** person: the data of the one who asked; company: every person and course of the company. */
  scope: z.enum(['person', 'company']),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the file is removed (7 days after it was ready). */
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes, once ready. */
  size: z.number().int().nullable(),
  /** Where to download it, while ready. */
  downloadUrl: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

export const ZDataExportList = z.object({ exports: z.array(ZDataExport) });
export type TDataExportList = z.infer<typeof ZDataExportList>;
