import type { Plan } from '../../../../shared/constants.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for companies' own domains. */

export interface DomainRow {
  domain: string;
  token: string;
  verifiedAt: string | null;
}

export async function findByOrganisation(db: Db, organisationId: string): Promise<DomainRow | undefined> {
  const row = await db
    .selectFrom('custom_domains')
    .select(['domain', 'token', 'verified_at'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row && { domain: row.domain, token: row.token, verifiedAt: row.verified_at };
}

/** The company whose verified domain `domain` is, with what its site needs and its plan. */
export async function findVerified(db: Db, domain: string): Promise<{ organisationId: string; name: string; plan: Plan } | undefined> {
  const row = await db
    .selectFrom('custom_domains as d')
    .innerJoin('organisations as o', 'o.id', 'd.organisation_id')
    .select(['o.id', 'o.name', 'o.plan'])
    .where('d.domain', '=', domain)
    .where('d.verified_at', 'is not', null)
    .executeTakeFirst();
  return row && { organisationId: row.id, name: row.name, plan: row.plan };
}

/** The company's domain becomes `domain`, unverified, with a new token (a domain another company has fails on the unique index). */
export async function replace(db: Db, organisationId: string, domain: string, token: string, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('custom_domains').where('organisation_id', '=', organisationId).execute();
    await trx
      .insertInto('custom_domains')
      .values({ organisation_id: organisationId, domain, token, verified_at: null, checked_at: null, created_at: now })
      .execute();
  });
}

export async function markChecked(db: Db, organisationId: string, now: string, verified: boolean): Promise<void> {
  await db
    .updateTable('custom_domains')
    .set({ checked_at: now, ...(verified && { verified_at: now }) })
    .where('organisation_id', '=', organisationId)
    .execute();
}

export async function remove(db: Db, organisationId: string): Promise<void> {
  await db.deleteFrom('custom_domains').where('organisation_id', '=', organisationId).execute();
}

/** Does a company hold this subdomain? */
export async function subdomainTaken(db: Db, subdomain: string): Promise<boolean> {
  return (await db.selectFrom('organisations').select('id').where('subdomain', '=', subdomain).executeTakeFirst()) !== undefined;
}
