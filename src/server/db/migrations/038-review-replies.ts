import type { Kysely } from 'kysely';

/** A review's answer from the course's side: its instructor or one of its company's admins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('reply', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('replied_at', 'text').execute();
  await db.schema
    .alterTable('reviews')
    .addColumn('replied_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('replied_by').execute();
  await db.schema.alterTable('reviews').dropColumn('replied_at').execute();
  await db.schema.alterTable('reviews').dropColumn('reply').execute();
}
