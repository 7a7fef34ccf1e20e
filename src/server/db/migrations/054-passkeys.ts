import type { Kysely } from 'kysely';

/**
 * Passkeys (docs/decisions/059-passkeys.md):
 * - passkeys: a person's WebAuthn credentials, each with the public key the authenticator gave,
 *   its signature counter (a clone that reports a lower one is refused), the transports it said it
 *   uses, and the name the person gave it;
 * - passkey_challenges: the random challenge of one ceremony (adding a passkey, a passwordless
 *   login, a login's second step), taken once and good for five minutes; a passwordless login's
 *   names no one until the passkey does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
