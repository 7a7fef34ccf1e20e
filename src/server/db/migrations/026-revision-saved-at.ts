import { sql, type Kysely } from 'kysely';

/**
 * One author's autosaves within ten minutes update one lesson revision, so the time the revision
 * began is not when its content was saved. Each revision now also keeps the time its content was
 * last written, which the builder shows; existing revisions take the time they began.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lesson_revisions')
    .addColumn('saved_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update lesson_revisions set saved_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lesson_revisions').dropColumn('saved_at').execute();
}
