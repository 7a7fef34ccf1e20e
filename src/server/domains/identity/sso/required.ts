import { emailDomain } from '../../../../shared/validation/email-domain.ts';
import type { Db } from '../../../db/database.ts';
import { verifiedDomainOwner } from '../company-domains/service.ts';
import * as repo from './repository.ts';

/** The company whose provider an address goes to, when its domain is verified and single sign-on is on. */
export async function connectionForEmail(db: Db, email: string): Promise<repo.ConnectionRow | undefined> {
  const domain = emailDomain(email.trim().toLowerCase());
  const owner = domain ? await verifiedDomainOwner(db, domain) : null;
  if (!owner) return undefined;
  const connection = await repo.connectionOf(db, owner);
  return connection?.enabled === 1 ? connection : undefined;
}

/**
 * Whether Kursa's own credentials (a password, a passkey alone) are refused for the person: their
 * company requires single sign-on for their address's domain, and they are not its break-glass
 * admin (docs/decisions/058-single-sign-on.md).
 */
export async function singleSignOnRequired(db: Db, userId: string): Promise<boolean> {
  const user = await db.selectFrom('users').select(['email', 'organisation_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  const connection = await connectionForEmail(db, user.email);
  return (
    connection !== undefined &&
    connection.organisation_id === user.organisation_id &&
    connection.required === 1 &&
    connection.break_glass_user_id !== userId
  );
}
