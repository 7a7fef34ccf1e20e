/** SCIM provisioning's tables (migration 050; docs/decisions/055-scim-provisioning.md). */

export interface ScimTokensTable {
  id: string;
  organisation_id: string;
  /** SHA-256 hex of the token; the token itself is shown once and never stored. */
  token_hash: string;
  label: string;
  created_at: string;
  /** The admin who made it; null once they are gone. */
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A person the identity provider manages, with its id for them (externalId). */
export interface ScimUsersTable {
  user_id: string;
  organisation_id: string;
  external_id: string | null;
  created_at: string;
}

/** A group the identity provider manages, with its id for it (externalId). */
export interface ScimGroupsTable {
  group_id: string;
  organisation_id: string;
  external_id: string | null;
  created_at: string;
}

export interface ScimTables {
  scim_tokens: ScimTokensTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
}
