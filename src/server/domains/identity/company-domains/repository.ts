import type { Db } from '../../../db/database.ts';
import type { OrganisationDomainsTable } from '../../../db/schema-domains.ts';

/** The only SQL for companies' e-mail domains. */

export type CompanyDomainRow = OrganisationDomainsTable;

export async function listForOrganisation(db: Db, organisationId: string): Promise<CompanyDomainRow[]> {
  return db.selectFrom('organisation_domains').selectAll().where('organisation_id', '=', organisationId).orderBy('domain').execute();
}

/** The company's domain of this id; none when it is another company's. */
export async function findOwn(db: Db, organisationId: string, id: string): Promise<CompanyDomainRow | undefined> {
  return db
    .selectFrom('organisation_domains')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}

/** The company that has verified `domain`, if any. */
export async function verifiedOwner(db: Db, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organisation_domains')
    .select('organisation_id')
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  return row?.organisation_id;
}

/** Fails on the unique indexes: the company has the domain already. */
export async function insert(db: Db, row: CompanyDomainRow): Promise<void> {
  await db.insertInto('organisation_domains').values(row).execute();
}

/** Fails on the unique index when another company verified the domain meanwhile. */
export async function markVerified(db: Db, id: string, method: 'dns' | 'registry', at: string): Promise<void> {
  await db.updateTable('organisation_domains').set({ status: 'verified', method, verified_at: at }).where('id', '=', id).execute();
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.deleteFrom('organisation_domains').where('id', '=', id).execute();
}

/** How the company proved itself at registration, and the registry's e-mail address for it. */
export async function registryProof(db: Db, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select(['verified', 'verified_method', 'registry_email'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}
