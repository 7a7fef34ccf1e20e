import type { Kysely } from 'kysely';

/**
 * The audit log: what admins and the system did to a company's people, requirements and reports,
 * kept as one hash chain per company (docs/decisions/052-audit-log.md).
 * - audit_log: append-only; seq counts 1, 2, 3 … within a company and each row's hash covers its
 *   fields and the hash before it. actor_id has no foreign key: the log outlives the people in it,
 *   and their name and e-mail are recorded as they were.
 * - audit_heads: one row per company, the last seq and hash. An append updates it first, so two
 *   appends to the same company wait for each other instead of taking the same seq.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_pk', ['organisation_id', 'seq'])
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['organisation_id', 'at']).execute();
  await db.schema
    .createTable('audit_heads')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_heads').execute();
  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.dropTable('audit_log').execute();
}
