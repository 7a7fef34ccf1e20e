import type { Kysely } from 'kysely';

/**
 * SCIM provisioning (docs/decisions/055-scim-provisioning.md): a company's bearer tokens, kept as
 * SHA-256 hashes, and the identity provider's own ids (externalId) of the people and groups it
 * manages, in tables beside `users` and `groups` so neither changes shape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('scim_tokens_organisation_idx').on('scim_tokens').columns(['organisation_id', 'created_at']).execute();
  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_users_external_idx').on('scim_users').columns(['organisation_id', 'external_id']).execute();
  await db.schema
    .createTable('scim_groups')
    .addColumn('group_id', 'text', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_groups_external_idx').on('scim_groups').columns(['organisation_id', 'external_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['scim_groups', 'scim_users', 'scim_tokens']) await db.schema.dropTable(table).ifExists().execute();
}
