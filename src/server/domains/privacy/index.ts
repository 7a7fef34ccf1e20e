/**
 * The privacy domain's public entry: the other domains record what they do here, and the
 * composition root (app.ts) registers its routes and periodic work.
 *
 * What a company can show of how its people's data was handled: the audit log, a hash chain per
 * company (docs/decisions/052-audit-log.md); the data processing agreement and the sub-processors
 * the installation is configured with; the consents kept about a person; a copy of a person's or
 * the company's data; and what it no longer keeps: a person's erasure and the company's retention
 * (docs/decisions/053-erasure-and-retention.md). It imports no other domain, so any may use it:
 * what it needs of others (certificates, withdrawing a newsletter or a quote) is handed in.
 */
export { actingThrough, actorOf, AuditLog, keyActingFor } from './audit/log.ts';
export { AuditHeadSigner } from './audit/signer.ts';
export { ExportsExpiry } from './exports/expiry.ts';
export { setUpPrivacy } from './setup.ts';
