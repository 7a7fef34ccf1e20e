import type { Kysely } from 'kysely';

/**
 * Translations: a course translated da ↔ en is a new course of its own (its own
 * draft, price, publishing), linked to the one it was translated from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('translation_of', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('courses_translation_of_idx').on('courses').column('translation_of').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('courses_translation_of_idx').ifExists().execute();
  await db.schema.alterTable('courses').dropColumn('translation_of').execute();
}
