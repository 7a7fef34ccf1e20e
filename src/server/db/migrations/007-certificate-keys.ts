import type { Kysely } from 'kysely';

/**
 * Certificates' public keys. Each instance signs with its own Ed25519 key (kept in its
 * DATA_DIR, or CERT_SIGNING_KEY), but instances share one database: every signing key's public
 * half is recorded here by its id, so any instance verifies any certificate, and certificates
 * signed with an earlier key stay verifiable after the key changes. Rows are only ever added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    // base64url of the first 16 bytes of SHA-256 over the public key (SPKI DER): certificates.key_id.
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    // The public key as an SPKI PEM.
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certificates_organisation_idx').on('certificates').column('organisation_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificates_organisation_idx').ifExists().execute();
  await db.schema.dropTable('signing_keys').ifExists().execute();
}
