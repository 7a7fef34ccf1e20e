import { sql, type Kysely } from 'kysely';

/** Accounts: companies (by CVR), their users, sessions, login throttling and the CVR answer cache. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cvr', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('trial'))
    .addColumn('trial_ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // Stored lower-cased, so this unique constraint is case-insensitive.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('expertise', 'text')
    .addColumn('website', 'text')
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_role_check', sql`role in ('admin', 'instructor', 'learner')`)
    .execute();
  await db.schema.createIndex('users_organisation_idx').on('users').column('organisation_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('persistent', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['account', 'ip', 'created_at']).execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('cvr_cache')
    .addColumn('cvr', 'text', (c) => c.primaryKey())
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cvr_cache', 'login_failures', 'sessions', 'users', 'organisations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
