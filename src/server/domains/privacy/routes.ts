import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { auditRoutes } from './audit/routes.ts';
import { AuditService } from './audit/service.ts';
import { consentsRoutes } from './consents/routes.ts';
import { ConsentsService, type ConsentWithdrawals } from './consents/service.ts';
import { legalRoutes, type LegalEnv } from './legal/routes.ts';

/** What the privacy routes need from the composition root, structurally: nothing of another domain is imported. */
export interface PrivacyDeps {
  db: Db;
  env: LegalEnv;
  /** The installation's signing key (the certificates'): its id and the public halves of its keys. */
  keys: { keyId: string; publicKeyPem: (keyId: string) => Promise<string | undefined> };
  newsletter: { unsubscribeAccount: (email: string) => Promise<void> };
  reviews: { withdrawQuote: ConsentWithdrawals['reviewQuote'] };
}

/** The privacy domain's routes: the audit log, the legal pages' data and a person's consents. */
export const privacyRoutes: FastifyPluginAsync<PrivacyDeps> = async (app, { db, env, keys, newsletter, reviews }) => {
  await app.register(auditRoutes, { audit: new AuditService(db, (keyId) => keys.publicKeyPem(keyId), keys.keyId) });
  await app.register(legalRoutes, { env });
  const withdrawals: ConsentWithdrawals = {
    newsletter: (email) => newsletter.unsubscribeAccount(email),
    reviewQuote: (actor, reviewId) => reviews.withdrawQuote(actor, reviewId),
  };
  await app.register(consentsRoutes, { consents: new ConsentsService(db, withdrawals) });
};
