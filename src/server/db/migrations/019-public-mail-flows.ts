import type { Kysely } from 'kysely';

/**
 * The public site's mail flows. A password reset by a mailed single-use link; the
 * contact form's requests; the newsletter's subscriptions with double opt-in; and the attempts
 * these public forms throttle on. Tokens are stored only as SHA-256 hashes; the throttle stores
 * only hashes of what it counts (an IP address, an e-mail) and forgets them after the window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the 256-bit token in the link; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the link was used, or when a newer link or a reset made it void.
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('contact_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('phone', 'text')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The page's language, and the consent line as the sender saw it.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    // When it was mailed to SALES_EMAIL (null: mail off, no SALES_EMAIL, or the mail failed).
    .addColumn('mailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_requests_created_idx').on('contact_requests').column('created_at').execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Lower-cased; one row per address, whatever its state.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('language', 'text', (c) => c.notNull())
    // The consent line exactly as the box showed it, and when it was given.
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'text', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('confirm_expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('public_form_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What is counted: 'reset-ip', 'reset-email', 'contact-ip', 'newsletter-ip', 'newsletter-email'.
    .addColumn('bucket', 'text', (c) => c.notNull())
    // SHA-256 of the IP address (an IPv6 /64 as one) or the e-mail address.
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('public_form_attempts_key_idx')
    .on('public_form_attempts')
    .columns(['bucket', 'key_hash', 'created_at'])
    .execute();
  await db.schema.createIndex('public_form_attempts_created_idx').on('public_form_attempts').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['public_form_attempts', 'newsletter_subscriptions', 'contact_requests', 'password_resets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
