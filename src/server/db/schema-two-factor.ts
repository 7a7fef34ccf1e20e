/** A person's authenticator app (migration 052); confirmed_at null while it is being set up. */
export interface TwoFactorTotpTable {
  user_id: string;
  /** The shared secret, base32, as the app was given it. */
  secret: string;
  confirmed_at: string | null;
  /** The time step of the last code accepted: a code is accepted once. */
  last_step: number | null;
  created_at: string;
}

/** One of a person's single-use recovery codes, hashed (migration 052). */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A login whose password was right, waiting for its second factor (migration 052). */
export interface LoginChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  /** 'verify': the person's second factor is asked for; 'setup': their company requires one they have not set up. */
  purpose: 'verify' | 'setup';
  /** 1: the login asked to be remembered. */
  remember: number;
  created_at: string;
  expires_at: string;
}

export interface TwoFactorTables {
  two_factor_totp: TwoFactorTotpTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
}
