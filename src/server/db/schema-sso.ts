import type { TSsoProvider } from '../../shared/sso.ts';

/** Single sign-on's tables (migration 053; docs/decisions/058-single-sign-on.md). */

export type SsoProtocol = 'oidc' | 'saml';

/** A company's identity provider. Secrets are sealed (security/sealed.ts). */
export interface SsoConnectionsTable {
  organisation_id: string;
  protocol: SsoProtocol;
  /** Which set-up the admin chose: the guided ones fill in the issuer themselves. */
  provider: TSsoProvider;
  /** 1: people on the company's verified domains are sent to the provider. */
  enabled: number;
  /** 1: passwords are refused for them, except the break-glass admin's. */
  required: number;
  break_glass_user_id: string | null;
  /** The role of a person the provider signs in for the first time. */
  default_role: 'learner' | 'instructor';
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_slo_url: string | null;
  /** The provider's signing certificates, PEM bodies joined by newlines. */
  saml_certificates: string | null;
  saml_metadata_url: string | null;
  saml_encrypted: number;
  created_at: string;
  updated_at: string;
}

export interface SsoGroupMappingsTable {
  id: string;
  organisation_id: string;
  /** The group as the provider's tokens name it (Entra ID: the group's object id). */
  external_group: string;
  group_id: string;
  created_at: string;
}

export interface SsoIdentitiesTable {
  id: string;
  organisation_id: string;
  user_id: string;
  issuer: string;
  subject: string;
  created_at: string;
  last_login_at: string;
}

/** A sign-in at the provider; id is the SHA-256 of the state (OIDC) or relay state (SAML). */
export interface SsoFlowsTable {
  id: string;
  organisation_id: string;
  protocol: SsoProtocol;
  nonce: string | null;
  code_verifier: string | null;
  /** SAML: the AuthnRequest's id, which the response must answer. */
  request_id: string | null;
  /** Where to go after: a path inside Kursa. */
  next: string | null;
  remember: number;
  created_at: string;
  expires_at: string;
}

export interface SsoSessionsTable {
  session_id: string;
  organisation_id: string;
  user_id: string;
  protocol: SsoProtocol;
  issuer: string;
  subject: string;
  /** OIDC: the ID token's sid; SAML: the assertion's SessionIndex. */
  provider_session: string | null;
  created_at: string;
}

export interface SsoReplaysTable {
  id: string;
  organisation_id: string;
  expires_at: string;
}

export interface SsoTables {
  sso_connections: SsoConnectionsTable;
  sso_group_mappings: SsoGroupMappingsTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
  sso_sessions: SsoSessionsTable;
  sso_replays: SsoReplaysTable;
}
