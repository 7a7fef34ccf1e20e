import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobKinds } from '../../jobs/kinds.ts';
import type { JobsService } from '../../jobs/service.ts';
import type { Storage } from '../../storage/index.ts';
import { AuditLog } from './audit/log.ts';
import { AuditPruner } from './audit/prune.ts';
import { AuditHeadSigner, type AuditHeadsWork, type AuditSigningKey } from './audit/signer.ts';
import { CompanyDeletion, type CompanyDeletionHooks } from './erasure/company.ts';
import { erasureRoutes } from './erasure/routes.ts';
import { ErasureService } from './erasure/service.ts';
import { companiesWithErasuresDue } from './erasure/requests.ts';
import { ExportsExpiry } from './exports/expiry.ts';
import { exportJobKind } from './exports/job.ts';
import { exportRoutes } from './exports/routes.ts';
import { ExportsService, type ExportReady } from './exports/service.ts';
import { retentionRoutes } from './retention/routes.ts';
import { privacyRoutes, type PrivacyDeps } from './routes.ts';
import { RetentionService } from './retention/service.ts';

type WorkName = 'audit-heads' | 'exports-expired' | 'erasures' | 'retention';

/**
 * The privacy domain, wired: copies of data (their service and job kind), erasure and retention,
 * their routes, and the notification scan's periodic work ('audit-heads': chain heads signed;
 * 'exports-expired': copies past their 7 days removed; 'erasures': a person's or a whole company's erasure
 * carried out once its grace period has passed; 'retention': each company's nightly run). What the other domains give (the
 * signing key, a certificate's PDF, its erasure, telling the person) comes as objects and
 * functions, so this domain imports none of them.
 */
export function setUpPrivacy(deps: {
  db: Db;
  storage: Storage;
  jobs: { service: JobsService; kinds: JobKinds };
  /** Audit heads are signed with the certificates' key, the one key to guard (docs/decisions/052-audit-log.md). */
  key: AuditSigningKey & PrivacyDeps['keys'];
  certificates: {
    holderPdf: (holderId: string, code: string) => Promise<Uint8Array | undefined>;
    /** Takes the holder's name off their certificates and signs them again; how many. */
    eraseHolder: (userId: string, at: string) => Promise<number>;
  };
  onExportReady: ExportReady;
  /** What deleting a whole company needs besides: its subscription ended, its admins told by mail. */
  company: Pick<CompanyDeletionHooks, 'endSubscription' | 'mail' | 'publicUrl'>;
  /** What the audit log's, the legal pages' and the consents' routes need. */
  routes: Pick<PrivacyDeps, 'env' | 'newsletter' | 'reviews'>;
  log: FastifyBaseLogger;
  clock?: (() => Date) | undefined;
}) {
  const { db, storage, log, clock } = deps;
  const exports = new ExportsService({
    db,
    storage,
    jobs: deps.jobs.service,
    certificatePdf: (holderId, code) => deps.certificates.holderPdf(holderId, code),
    onReady: deps.onExportReady,
  });
  deps.jobs.kinds.register(exportJobKind(exports));
  const heads = new AuditHeadSigner(db, deps.key);
  const audit = new AuditLog(db, log, clock);
  const erasure = new ErasureService(
    db,
    audit,
    { eraseCertificates: (id, at) => deps.certificates.eraseHolder(id, at), storage },
    log,
    clock,
  );
  const company = new CompanyDeletion(
    db,
    audit,
    {
      eraseCertificates: (id, at) => deps.certificates.eraseHolder(id, at),
      storage,
      ...deps.company,
    },
    log,
    clock,
  );
  const pruner = new AuditPruner(db, deps.key, log);
  const retention = new RetentionService(db, audit, erasure, clock, (organisationId, before, now) =>
    pruner.prune(organisationId, before, now),
  );
  const work: Record<WorkName, AuditHeadsWork> = {
    'audit-heads': heads.work,
    'exports-expired': new ExportsExpiry(db, storage).work,
    // A person's erasure, then (when due) the whole company's.
    erasures: {
      pending: (now) => companiesWithErasuresDue(db, now),
      run: async (now, organisationId) => (await erasure.runDue(now, organisationId)) + (await company.runDue(now, organisationId)),
    },
    retention: { pending: (now) => retention.due(now), run: (now, organisationId) => retention.run(now, organisationId) },
  };
  /** Registers the domain's routes: the audit log, the legal pages' data, consents, copies, erasure and retention. */
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(privacyRoutes, { db, keys: deps.key, ...deps.routes });
    await api.register(exportRoutes, { exports });
    await api.register(erasureRoutes, { erasure, company });
    await api.register(retentionRoutes, { retention });
  };
  return { exports, erasure, company, retention, work, routes };
}
