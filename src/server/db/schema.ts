/**
 * Table types. Portable across SQLite and PostgreSQL: ids are app-made text, timestamps are
 * ISO-8601 UTC text (sortable as text), flags are 0/1 integers and JSON is text.
 */
export interface OrganisationsTable {
  id: string;
  cvr: string;
  name: string;
  address: string;
  city: string;
  postal_code: string;
  phone: string | null;
  email: string | null;
  verified: number;
  plan: string;
  trial_ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  organisation_id: string;
  email: string;
  password_hash: string;
  contact_name: string;
  phone: string;
  role: string;
  bio: string | null;
  expertise: string | null;
  website: string | null;
  preferences: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  persistent: number;
  expires_at: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: string;
  account: string;
  ip: string;
  created_at: string;
}

export interface CvrCacheTable {
  cvr: string;
  found: number;
  payload: string | null;
  fetched_at: string;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  cvr_cache: CvrCacheTable;
}
