import type { Kysely } from 'kysely';

/**
 * Registration attempts per IP: registration says when an e-mail is taken, so the
 * answer is throttled per IP, in the database so every instance sees the same counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registration_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registration_attempts_ip_idx').on('registration_attempts').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('registration_attempts_created_idx').on('registration_attempts').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_attempts').ifExists().execute();
}
