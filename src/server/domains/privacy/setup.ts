import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AuditLog } from './audit/log.ts';
import { AuditHeadSigner, type AuditHeadsWork } from './audit/signer.ts';
import { ErasureService, type ErasureHooks } from './erasure/service.ts';
import { RetentionService } from './retention/service.ts';
import { erasureRoutes } from './erasure/routes.ts';
import { retentionRoutes } from './retention/routes.ts';
import type { FastifyPluginAsync } from 'fastify';

/** The installation's signing key, the certificates' (docs/decisions/052-audit-log.md): the one key to guard. */
export interface InstallationKey {
  keyId: string;
  sign(message: string): string;
}

/**
 * The privacy domain's erasure and retention, built once: the services its routes use and the
 * periodic work the notification scan runs ('audit-heads': chain heads signed; 'erasures':
 * requests whose grace period has passed; 'retention': each company's nightly run).
 */
export function setUpPrivacy(db: Db, key: InstallationKey, hooks: ErasureHooks, log: FastifyBaseLogger, clock?: () => Date) {
  const audit = new AuditLog(db, log, clock);
  const heads = new AuditHeadSigner(db, key);
  const erasure = new ErasureService(db, audit, hooks, log, clock);
  const retention = new RetentionService(db, audit, erasure, clock);
  const work: Record<'audit-heads' | 'erasures' | 'retention', AuditHeadsWork> = {
    'audit-heads': heads.work,
    erasures: { pending: (now) => erasure.due(now), run: (now, organisationId) => erasure.runDue(now, organisationId) },
    retention: { pending: (now) => retention.due(now), run: (now, organisationId) => retention.run(now, organisationId) },
  };
  /** Registers the erasure's and retention's routes. */
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(erasureRoutes, { erasure });
    await api.register(retentionRoutes, { retention });
  };
  return { erasure, retention, work, routes };
}
