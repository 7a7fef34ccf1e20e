import { sql, type Kysely } from 'kysely';

/**
 * Notifications and the mail that carries them:
 * - notifications: what a person is told in the app, once per event (dedupe_key), and whether its
 *   mail waits for their daily digest;
 * - notification_preferences: a person's own choices per kind, only where they differ from the defaults;
 * - organisation_notification_settings: a company's reminder timing and whether its mandatory
 *   training mails go out;
 * - mail_outbox: every mail, sent (with retries) or, without SMTP, kept to be read at /dev/mail;
 *   a mail with a dedupe_key exists once;
 * - scheduled_runs: one row per periodic scan and period, so one instance starts it;
 * - installation_secrets: values every instance must share (the key to the kept mail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('notifications_user_key_idx').unique().on('notifications').columns(['user_id', 'dedupe_key']).execute();
  await db.schema.createIndex('notifications_user_time_idx').on('notifications').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('notifications_digest_idx').on('notifications').columns(['digest_pending', 'user_id']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('in_app', 'integer')
    .addColumn('mail', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .addCheckConstraint('notification_preferences_mail_check', sql`mail is null or mail in ('off', 'instant', 'daily')`)
    .execute();

  await db.schema
    .createTable('organisation_notification_settings')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('due_soon_days', 'integer', (c) => c.notNull())
    .addColumn('mandatory_mail', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('headers', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addCheckConstraint('mail_outbox_status_check', sql`status in ('queued', 'sending', 'sent', 'failed', 'kept')`)
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_organisation_idx').on('mail_outbox').columns(['organisation_id', 'created_at']).execute();
  await db.schema.createIndex('mail_outbox_time_idx').on('mail_outbox').columns(['created_at']).execute();

  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scheduled_runs_pk', ['name', 'period'])
    .execute();

  await db.schema
    .createTable('installation_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'installation_secrets',
    'scheduled_runs',
    'mail_outbox',
    'organisation_notification_settings',
    'notification_preferences',
    'notifications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
