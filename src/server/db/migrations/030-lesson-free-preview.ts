import type { Kysely } from 'kysely';

/**
 * A lesson may be a free preview: of a published public or unlisted course, anyone may open it
 * (its text, its video, its files) from the course's page, before enrolling or buying. 0 or 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lessons')
    .addColumn('free_preview', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').dropColumn('free_preview').execute();
}
