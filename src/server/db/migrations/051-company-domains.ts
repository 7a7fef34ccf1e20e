import { sql, type Kysely } from 'kysely';

/**
 * A company's e-mail domains and its proof that it controls them (docs/decisions/056-company-domains-and-sessions.md):
 * a company adds a domain (pending, with a random token for its DNS TXT record) and it is verified
 * by that record, or at once when it is the domain of the company's registry e-mail it proved at
 * registration. One company at most holds a domain verified; a company adds a domain once. And
 * where a session was started from, for the lists of one's sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisation_domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('organisation_domains_organisation_domain')
    .on('organisation_domains')
    .columns(['organisation_id', 'domain'])
    .unique()
    .execute();
  await db.schema
    .createIndex('organisation_domains_verified_domain')
    .on('organisation_domains')
    .column('domain')
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.dropTable('organisation_domains').execute();
}
