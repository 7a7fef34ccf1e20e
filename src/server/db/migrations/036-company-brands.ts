import type { Kysely } from 'kysely';

/**
 * A company's brand: its logo, a colour, the hero of its site (an image and a text), and whether
 * its site, certificates and mails leave Kursa's mark out (white label, on plans that include it).
 * One row per company that has set any of it; the images are uploads of the company's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisation_brands')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('colour', 'text')
    .addColumn('logo_upload_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('hero_upload_id', 'text', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('hero_text', 'text')
    .addColumn('white_label', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organisation_brands').execute();
}
