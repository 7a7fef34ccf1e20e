import type { Selectable, Transaction } from 'kysely';
import type { CompanyClaimsTable, Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for company verification: the organisation's verification facts and confirmation codes. */

export interface OrganisationFacts {
  id: string;
  cvr: string;
  name: string;
  email: string | null;
  verified: number;
  verified_method: string | null;
  registry_status: string;
  registry_email: string | null;
  registry_checked_at: string | null;
}

const factColumns = [
  'id',
  'cvr',
  'name',
  'email',
  'verified',
  'verified_method',
  'registry_status',
  'registry_email',
  'registry_checked_at',
] as const;

export async function findOrganisation(db: Db | Transaction<Database>, id: string): Promise<OrganisationFacts | undefined> {
  return db.selectFrom('organisations').select(factColumns).where('id', '=', id).executeTakeFirst();
}

export async function findOrganisationByCvr(db: Db | Transaction<Database>, cvr: string): Promise<OrganisationFacts | undefined> {
  return db.selectFrom('organisations').select(factColumns).where('cvr', '=', cvr).executeTakeFirst();
}

/** Stores what the registry says about a company now; returns the company with those facts. */
export async function storeRegistryFacts(
  db: Db,
  org: OrganisationFacts,
  facts: { status: 'found' | 'not_found' | 'unchecked'; email: string | null },
  at: Date,
): Promise<OrganisationFacts> {
  const stored = { registry_status: facts.status, registry_email: facts.email, registry_checked_at: at.toISOString() };
  await db.updateTable('organisations').set(stored).where('id', '=', org.id).execute();
  return { ...org, ...stored };
}

/** Marks a company as confirmed; false when it no longer exists. */
export async function markVerified(db: Db | Transaction<Database>, id: string, method: 'domain' | 'code', at: Date): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set({ verified: 1, verified_method: method, verified_at: at.toISOString(), updated_at: at.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The admins of a company, to tell them by mail. */
export async function adminContacts(db: Db, organisationId: string): Promise<{ email: string; language: string | null }[]> {
  return db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'admin')
    .execute();
}

/**
 * Ends an unconfirmed company's claim: the company row goes, and with it (ON DELETE CASCADE) its
 * users, their sessions and its open codes. Only while it is still unconfirmed: false when it was
 * confirmed (or removed) meanwhile, and the caller must then refuse.
 */
export async function deleteUnconfirmedOrganisation(trx: Transaction<Database>, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('organisations').where('id', '=', id).where('verified', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export type ClaimRow = Selectable<CompanyClaimsTable>;

export async function insertClaim(db: Db, claim: ClaimRow): Promise<void> {
  await db.insertInto('company_claims').values(claim).execute();
}

/** The requester's older codes for this company stop working when a new one is sent. */
export async function retireClaims(
  db: Db,
  organisationId: string,
  requesterEmail: string,
  maxAttempts: number,
  exceptId: string,
): Promise<void> {
  await db
    .updateTable('company_claims')
    .set({ attempts: maxAttempts })
    .where('organisation_id', '=', organisationId)
    .where('requester_email', '=', requesterEmail)
    .where('id', '!=', exceptId)
    .execute();
}

export async function findClaim(db: Db, id: string): Promise<ClaimRow | undefined> {
  return db.selectFrom('company_claims').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The newest code asked for one company: by a user of it (`userId`: their own confirmation) or by
 * whoever used an address (`requesterEmail`: for the pause between codes, registrants included).
 */
export async function latestClaim(
  db: Db,
  organisationId: string,
  by: { userId: string } | { requesterEmail: string },
): Promise<ClaimRow | undefined> {
  let query = db.selectFrom('company_claims').selectAll().where('organisation_id', '=', organisationId);
  query = 'userId' in by ? query.where('user_id', '=', by.userId) : query.where('requester_email', '=', by.requesterEmail);
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Codes sent for one company to one address since `since`: by everyone, or by one requester. */
export async function countClaimsSince(
  db: Db,
  organisationId: string,
  sentTo: string,
  since: Date,
  requesterEmail?: string,
): Promise<number> {
  let query = db
    .selectFrom('company_claims')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('sent_to', '=', sentTo)
    .where('created_at', '>', since.toISOString());
  if (requesterEmail !== undefined) query = query.where('requester_email', '=', requesterEmail);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Spends one attempt on a code, atomically: false when the code has none left, so parallel
 * guesses cannot exceed the limit.
 */
export async function spendAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('company_claims')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a code up (one use): false when another request used it first. */
export async function consumeClaim(db: Db | Transaction<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('company_claims').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteClaimsOf(db: Db | Transaction<Database>, organisationId: string): Promise<void> {
  await db.deleteFrom('company_claims').where('organisation_id', '=', organisationId).execute();
}

/** Keeps the table small: codes long expired are of no use. */
export async function deleteClaimsExpiredBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('company_claims').where('expires_at', '<', before.toISOString()).execute();
}
