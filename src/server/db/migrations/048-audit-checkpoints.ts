import type { Kysely } from 'kysely';

/**
 * Checkpoints of companies' audit chains (docs/decisions/052-audit-log.md): the retention run
 * removes a company's entries older than its logMonths from the start of the chain, and a row here
 * says which: entries up to and including seq, the last of whose hashes was hash, removed at
 * made_at, signed with the installation's Ed25519 key. The chain left then starts from it; without
 * the private key nobody can write one, so entries cut off the start without a checkpoint, or
 * beyond one, still show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_checkpoints')
    .addColumn('organisation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('entry_at', 'text', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_checkpoints_pk', ['organisation_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_checkpoints').execute();
}
