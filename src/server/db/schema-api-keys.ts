/** A company's API key (migration 055; docs/decisions/061-api-keys.md). */
export interface ApiKeysTable {
  id: string;
  organisation_id: string;
  /** The admin whose rights the key uses, within its scopes. */
  owner_id: string;
  /** SHA-256 hex of the key; the key itself is shown once and never stored. */
  key_hash: string;
  /** The key's first characters, to tell keys apart in a list. */
  prefix: string;
  label: string;
  /** JSON array of the key's scopes. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
