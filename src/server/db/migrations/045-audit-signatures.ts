import type { Kysely } from 'kysely';

/**
 * Signatures of companies' audit chain heads (docs/decisions/052-audit-log.md): the hash chain
 * shows an edited row, but not a chain rewritten whole with every hash recomputed. A head signed
 * with the installation's Ed25519 key (the certificates' key) pins (seq, hash) as they were; a
 * chain rewritten afterwards no longer matches it. The primary key makes two instances signing the
 * same head at once write one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_signatures')
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_signatures_pk', ['organisation_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_signatures').execute();
}
