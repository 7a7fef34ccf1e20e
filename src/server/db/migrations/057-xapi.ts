import type { Kysely } from 'kysely';

/**
 * A company's learning record store and the xAPI statements queued for it
 * (docs/decisions/063-xapi.md). The password is sealed (it is sent on); a statement keeps its body,
 * the LRS's last answer and a lease like a webhook delivery's. `(organisation_id, event_key)` is
 * unique, so what is told twice is queued once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('xapi_settings')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('xapi_statements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('verb', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('xapi_statements_event_unique', ['organisation_id', 'event_key'])
    .execute();
  await db.schema.createIndex('xapi_statements_due_idx').on('xapi_statements').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('xapi_statements_log_idx').on('xapi_statements').columns(['organisation_id', 'created_at']).execute();
  await db.schema.createIndex('xapi_statements_user_idx').on('xapi_statements').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('xapi_statements').ifExists().execute();
  await db.schema.dropTable('xapi_settings').ifExists().execute();
}
