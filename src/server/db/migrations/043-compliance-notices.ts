import type { Kysely } from 'kysely';

/**
 * What managers are told of their people's compliance:
 * - mail_attachments: the files a queued or kept mail carries (the monthly report's PDF), apart
 *   from mail_outbox so that reading the queue and the mail log never reads them; a sent mail's
 *   files are deleted, a kept mail's stay to be read at /dev/mail;
 * - the moments a record falls due and its certificate expires, indexed: the notification scan
 *   looks every few minutes, across every company, for the records that turned lately.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_attachments')
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_attachments_pk', ['mail_id', 'position'])
    .execute();
  await db.schema.createIndex('compliance_records_turns_idx').on('compliance_records').columns(['turns_at', 'phase']).execute();
  await db.schema.createIndex('compliance_records_ends_idx').on('compliance_records').columns(['ends_at', 'phase']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('compliance_records_ends_idx').execute();
  await db.schema.dropIndex('compliance_records_turns_idx').execute();
  await db.schema.dropTable('mail_attachments').execute();
}
