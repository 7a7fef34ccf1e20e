/**
 * The privacy domain's public entry: the other domains record what they do here, and the
 * composition root (app.ts) registers its routes.
 *
 * What a company can show of how its people's data was handled: the audit log, a hash chain per
 * company (docs/decisions/052-audit-log.md); the data processing agreement and the sub-processors the
 * installation is configured with; and the consents kept about a person. It imports no other domain,
 * so any may use it: what it needs of others (withdrawing a newsletter or a quote) is handed in.
 */
export { actorOf, AuditLog } from './audit/log.ts';
export { AuditHeadSigner } from './audit/signer.ts';
export { privacyRoutes } from './routes.ts';
