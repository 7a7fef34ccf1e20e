import type { Kysely } from 'kysely';

/**
 * A new company's getting-started checklist reads its steps from the data it already has (the
 * company, its courses, subdomain, members and invitations); all it keeps of its own is who put it
 * away before finishing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding_dismissals')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('dismissed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onboarding_dismissals').execute();
}
