import type { Kysely } from 'kysely';

/**
 * Single sign-on (docs/decisions/058-single-sign-on.md):
 * - sso_connections: a company's identity provider (OIDC or SAML), one per company;
 * - sso_group_mappings: a group the provider names in its tokens, and the Kursa group it puts people in;
 * - sso_identities: who a person is at the provider (issuer and subject), so a changed e-mail still finds them;
 * - sso_flows: a sign-in sent to the provider and not yet back (state, nonce, PKCE verifier; single use);
 * - sso_sessions: the provider's session a Kursa session came from, so the provider's logout ends it;
 * - sso_replays: SAML assertions already accepted, until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('break_glass_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('default_role', 'text', (c) => c.notNull().defaultTo('learner'))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_client_id', 'text')
    .addColumn('oidc_client_secret', 'text')
    .addColumn('saml_entity_id', 'text')
    .addColumn('saml_sso_url', 'text')
    .addColumn('saml_slo_url', 'text')
    .addColumn('saml_certificates', 'text')
    .addColumn('saml_metadata_url', 'text')
    .addColumn('saml_encrypted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_group_mappings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('external_group', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sso_group_mappings_unique', ['organisation_id', 'external_group', 'group_id'])
    .execute();
  await db.schema
    .createTable('sso_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sso_identities_subject_unique', ['organisation_id', 'issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').column('user_id').execute();
  await db.schema
    .createTable('sso_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    .addColumn('request_id', 'text')
    .addColumn('next', 'text')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('provider_session', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_sessions_subject_idx').on('sso_sessions').columns(['issuer', 'subject']).execute();
  await db.schema
    .createTable('sso_replays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sso_replays', 'sso_sessions', 'sso_flows', 'sso_identities', 'sso_group_mappings', 'sso_connections'])
    await db.schema.dropTable(table).execute();
}
