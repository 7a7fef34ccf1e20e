import type { Db } from '../../../db/database.ts';

/** The only SQL for company subdomains. */

export async function findOrganisationBySubdomain(db: Db, subdomain: string) {
  return db.selectFrom('organisations').select(['id', 'name', 'subdomain']).where('subdomain', '=', subdomain).executeTakeFirst();
}

export async function organisationSubdomain(db: Db, organisationId: string): Promise<string | null> {
  const row = await db.selectFrom('organisations').select('subdomain').where('id', '=', organisationId).executeTakeFirst();
  return row?.subdomain ?? null;
}

/** Sets the subdomain; a name another company holds fails on the unique index (race-safe). */
export async function setSubdomain(db: Db, organisationId: string, subdomain: string): Promise<void> {
  await db.updateTable('organisations').set({ subdomain, updated_at: new Date().toISOString() }).where('id', '=', organisationId).execute();
}

/**
 * Sets the subdomain only while the company has none (the publish call's "claim it if unset"),
 * so two first publishes racing cannot each set a different one. Answers whether it was set.
 */
export async function claimSubdomainIfUnset(db: Db, organisationId: string, subdomain: string): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set({ subdomain, updated_at: new Date().toISOString() })
    .where('id', '=', organisationId)
    .where('subdomain', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The company's identity provider when its single sign-on is on: its site offers its people that way in. */
export async function singleSignOnOf(db: Db, organisationId: string) {
  const row = await db
    .selectFrom('sso_connections')
    .select('provider')
    .where('organisation_id', '=', organisationId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return row?.provider;
}
