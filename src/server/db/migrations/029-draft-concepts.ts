import type { Kysely } from 'kysely';

/**
 * The creator wizard keeps what it generated: the three course concepts generate-concept answered,
 * with the one the teacher chose, live on the draft (JSON), so a reload shows them again and the
 * next visit asks the model nothing until the teacher asks for new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creator_drafts').addColumn('concepts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creator_drafts').dropColumn('concepts').execute();
}
