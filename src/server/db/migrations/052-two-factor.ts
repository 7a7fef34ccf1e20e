import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in (docs/decisions/057-two-factor-sign-in.md):
 * - two_factor_totp: a person's authenticator app, set up when confirmed with a first code;
 *   last_step is the time step of the last code accepted, so a code is used once;
 * - two_factor_recovery_codes: ten single-use codes, kept as SHA-256 hashes;
 * - login_challenges: a login whose password was right, waiting five minutes for its second factor,
 *   or for the person to set one up when their company requires it (the browser holds the token in
 *   a cookie; only its hash is here);
 * - organisations.two_factor_policy: whom the company requires a second factor of: 'off', 'admins'
 *   or 'everyone'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user_idx').on('two_factor_recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('organisations')
    .addColumn('two_factor_policy', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('two_factor_policy').execute();
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_totp').execute();
}
