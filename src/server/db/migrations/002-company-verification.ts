import { sql, type Kysely } from 'kysely';

/**
 * Company verification. `organisations.verified` keeps meaning "the registrant proved
 * control" (now with how and when); what the registry said at registration is a separate fact.
 * Confirmation codes live in `company_claims`; a user's mail language in `users.language`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Registries known before this migration could only have verified through the live registry,
  // which proved existence, not control: every such company starts over as unconfirmed.
  await db.schema.alterTable('organisations').addColumn('verified_method', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('verified_at', 'text').execute();
  // 'found' | 'not_found' | 'unchecked' (the registry could not answer, or none was asked).
  await db.schema
    .alterTable('organisations')
    .addColumn('registry_status', 'text', (c) => c.notNull().defaultTo('unchecked'))
    .execute();
  // The company's e-mail address as the registry knows it: where a confirmation code goes, and
  // whose domain counts as the company's own.
  await db.schema.alterTable('organisations').addColumn('registry_email', 'text').execute();
  // When the registry was last asked about an 'unchecked' company (re-asked at most hourly).
  await db.schema.alterTable('organisations').addColumn('registry_checked_at', 'text').execute();
  await sql`update organisations set registry_status = 'found', verified = 0 where verified = 1`.execute(db);

  await db.schema.alterTable('users').addColumn('language', 'text').execute();

  await db.schema
    .createTable('company_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The company whose CVR is claimed; the claim goes with it.
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // An existing admin confirming their own company…
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // …or a second registrant's pending registration (JSON, password already hashed).
    .addColumn('registration', 'text')
    // Who asked (the user's or the registrant's login e-mail): one live code per requester.
    .addColumn('requester_email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_claims_org_idx').on('company_claims').column('organisation_id').execute();
  await db.schema.createIndex('company_claims_user_idx').on('company_claims').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_claims').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
  for (const column of ['registry_checked_at', 'registry_email', 'registry_status', 'verified_at', 'verified_method']) {
    await db.schema.alterTable('organisations').dropColumn(column).execute();
  }
}
