import type { Kysely } from 'kysely';

/**
 * A company's own domain for its site (kurser.firma.dk): one per company, unique across them,
 * with the token its DNS TXT record must carry, and when that record was found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_domains')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_domains').execute();
}
