import type { Kysely } from 'kysely';

/**
 * Reservations for the AI limits, so parallel requests (on one instance or several) cannot pass
 * them: each company's tokens this month as one row (metered and reserved), each run's reservation
 * as a row that expires (a crashed instance's reservations are given back), and each user's chat
 * messages this month as one row. A limit is taken by one conditional UPDATE of its row. Rows are
 * created when first needed, from `ai_usage`, so the month that is under way when this runs keeps
 * what it used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_token_months')
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // 'YYYY-MM', UTC.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('used_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_token_months_pk', ['organisation_id', 'month'])
    .execute();
  await db.schema
    .createTable('ai_token_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // The month whose reserved_tokens hold it.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_token_reservations_expiry_idx')
    .on('ai_token_reservations')
    .columns(['organisation_id', 'expires_at'])
    .execute();
  await db.schema
    .createTable('ai_chat_months')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_chat_months_pk', ['user_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_chat_months').ifExists().execute();
  await db.schema.dropTable('ai_token_reservations').ifExists().execute();
  await db.schema.dropTable('ai_token_months').ifExists().execute();
}
