import { z } from 'zod';
import { defineJobKind } from '../../../jobs/kinds.ts';
import { EXPORT_KIND, type ExportsService } from './service.ts';

const ExportInput = z.object({
  exportId: z.string(),
  /** The address the copy was asked from, for the audit log. */
  ip: z.string().nullable(),
});

/**
 * An export as a durable job of one step: a restart or a lost lease runs the step again, which
 * writes the ZIP under a new key (the storage keeps nothing of a write cut short).
 */
export function exportJobKind(exports: ExportsService) {
  return defineJobKind<z.infer<typeof ExportInput>>({
    name: EXPORT_KIND,
    input: ExportInput,
    plan: (input) => [{ key: 'zip', phase: 'export', input: { exportId: input.exportId } }],
    runStep: async (ctx) => exports.run(ctx.job.input.exportId, ctx.job.input.ip, ctx.signal),
  });
}
