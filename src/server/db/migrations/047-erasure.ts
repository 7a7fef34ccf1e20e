import { sql, type Kysely } from 'kysely';

/**
 * Erasure and retention (docs/decisions/053-erasure-and-retention.md):
 * - erasure_requests: a person's, or a whole company's, erasure asked for and carried out after a
 *   grace period; one pending request per person (and one for the company) at a time;
 * - organisation_retention: how long a company keeps what it no longer needs, and whether it keeps
 *   an erased person's training records under a pseudonym;
 * - users.erased_at: the row stays as the pseudonym every record of the person points at;
 * - certificates.holder_erased_at: signed, so a certificate whose holder was erased says so and
 *   still verifies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erasure_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('previous_deactivated_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by', 'text')
    .addColumn('done_at', 'text')
    .addColumn('summary', 'text')
    .execute();
  await db.schema
    .createIndex('erasure_requests_one_pending_idx')
    .on('erasure_requests')
    .columns(['organisation_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('erasure_requests_one_company_idx')
    .on('erasure_requests')
    .column('organisation_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .where(sql.ref('user_id'), 'is', null)
    .execute();
  await db.schema.createIndex('erasure_requests_due_idx').on('erasure_requests').columns(['status', 'due_at']).execute();
  await db.schema
    .createTable('organisation_retention')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id'))
    .addColumn('inactive_learner_months', 'integer')
    .addColumn('ai_conversation_months', 'integer')
    .addColumn('quiz_answer_months', 'integer')
    .addColumn('log_months', 'integer')
    .addColumn('keep_training_records', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grace_days', 'integer', (c) => c.notNull().defaultTo(14))
    .addColumn('last_run_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('holder_erased_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('holder_erased_at').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.dropTable('organisation_retention').execute();
  await db.schema.dropTable('erasure_requests').execute();
}
