import { sql, type Kysely } from 'kysely';

/**
 * AI usage: one row per AI task run — successful or failed — with the company and user
 * it ran for, the task, provider and model, the tokens of every request it made (the re-ask
 * included), its duration and outcome. The monthly quota sums a company's rows since the first
 * of the month (UTC), so rows are kept, never updated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // A run for a person; null once they are deleted (the company's figures keep the tokens).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    // Requests sent to the provider: retries and the re-ask count.
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ai_usage_outcome_check', sql`outcome in ('ok', 'bad_output', 'unavailable', 'aborted')`)
    .execute();
  await db.schema.createIndex('ai_usage_organisation_time_idx').on('ai_usage').columns(['organisation_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_usage').ifExists().execute();
}
