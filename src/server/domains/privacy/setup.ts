import type { Db } from '../../db/database.ts';
import type { JobKinds } from '../../jobs/kinds.ts';
import type { JobsService } from '../../jobs/service.ts';
import type { Storage } from '../../storage/index.ts';
import { AuditHeadSigner, type AuditHeadsWork, type AuditSigningKey } from './audit/signer.ts';
import { ExportsExpiry } from './exports/expiry.ts';
import { exportJobKind } from './exports/job.ts';
import { ExportsService, type ExportReady } from './exports/service.ts';

export interface PrivacySetup {
  exports: ExportsService;
  /** The notification scan's periodic work: audit heads signed, expired copies of data removed. */
  work: { 'audit-heads': AuditHeadsWork; 'exports-expired': AuditHeadsWork };
}

/**
 * The privacy domain, wired: copies of data (their service and job kind) and the scan's periodic
 * work. What the other domains give (the signing key, a certificate's PDF, telling the person)
 * comes as objects and functions, so this domain imports none of them.
 */
export function setUpPrivacy(deps: {
  db: Db;
  storage: Storage;
  jobs: { service: JobsService; kinds: JobKinds };
  /** Audit heads are signed with the certificates' key, the one key to guard (docs/decisions/052-audit-log.md). */
  key: AuditSigningKey;
  certificates: { holderPdf: (holderId: string, code: string) => Promise<Uint8Array | undefined> };
  onExportReady: ExportReady;
}): PrivacySetup {
  const exports = new ExportsService({
    db: deps.db,
    storage: deps.storage,
    jobs: deps.jobs.service,
    certificatePdf: (holderId, code) => deps.certificates.holderPdf(holderId, code),
    onReady: deps.onExportReady,
  });
  deps.jobs.kinds.register(exportJobKind(exports));
  const heads = new AuditHeadSigner(deps.db, deps.key);
  return { exports, work: { 'audit-heads': heads.work, 'exports-expired': new ExportsExpiry(deps.db, deps.storage).work } };
}
