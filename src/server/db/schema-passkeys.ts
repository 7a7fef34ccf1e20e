import type { ColumnType } from 'kysely';

/** One of a person's passkeys (migration 054). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential's id as the authenticator gave it, base64url. */
  credential_id: string;
  /** Its COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter when last used (PostgreSQL's bigint reads as text). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the transports the authenticator named (usb, nfc, ble, internal, hybrid), or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn ceremony's challenge, taken once (migration 054). */
export interface PasskeyChallengesTable {
  id: string;
  /** The challenge as the browser echoes it, base64url. */
  challenge: string;
  /** 'register': adding a passkey; 'login': a passwordless login; 'second-factor': a login's second step. */
  purpose: 'register' | 'login' | 'second-factor';
  /** Whose ceremony; null for a passwordless login until the passkey names the person. */
  user_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}
