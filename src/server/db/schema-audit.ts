/** One entry of a company's audit log (migration 044): append-only, chained by hash. */
export interface AuditLogTable {
  organisation_id: string;
  /** 1, 2, 3 … within the company, no gaps. */
  seq: number;
  at: string;
  /** Who did it; no foreign key, so the entry outlives them. Null: the system, or an unknown visitor. */
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  ip: string | null;
  /** What happened, e.g. 'member.role-changed'. */
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text, canonical (keys sorted), e.g. the role before and after. */
  details: string;
  /** The previous entry's hash; 64 zeros for the first. */
  prev_hash: string;
  /** SHA-256 (hex) of the entry's canonical JSON (src/server/domains/privacy/audit/hash.ts). */
  hash: string;
}

/** A company's last entry, locked by each append so that appends take turns. */
export interface AuditHeadsTable {
  organisation_id: string;
  seq: number;
  hash: string;
}

/** A company's chain head as signed (migration 045): what a chain rewritten later must still match. */
export interface AuditSignaturesTable {
  organisation_id: string;
  seq: number;
  hash: string;
  signed_at: string;
  /** The signing key's id (signing_keys, the certificates' key). */
  key_id: string;
  /** Ed25519, base64url, over the statement in src/server/domains/privacy/audit/statement.ts. */
  signature: string;
}

/**
 * Where a company's chain starts after retention removed its oldest entries (migration 048): the
 * entries up to and including seq, the last with this hash, were removed at made_at.
 */
export interface AuditCheckpointsTable {
  organisation_id: string;
  /** The last entry removed; the chain left starts at seq + 1, its prev_hash this hash. */
  seq: number;
  hash: string;
  /** The `at` of entry seq: the kept log starts after it. */
  entry_at: string;
  made_at: string;
  /** How many entries this pruning removed (those after the checkpoint before it, up to seq). */
  removed: number;
  /** The signing key's id (signing_keys, the certificates' key). */
  key_id: string;
  /** Ed25519, base64url, over the checkpoint statement in src/server/domains/privacy/audit/statement.ts. */
  signature: string;
}

/** A copy of a person's or a company's data (migration 046), built as a ZIP in the storage. */
export interface DataExportsTable {
  id: string;
  organisation_id: string;
  requested_by: string;
  scope: 'person' | 'company';
  /** Whose data, for a person's export; null for a company's. */
  subject_user_id: string | null;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  /** 'person:<user>' / 'company:<organisation>' while queued or running (unique), else null. */
  active_key: string | null;
  job_id: string | null;
  storage_key: string | null;
  /** bigint: PostgreSQL answers it as a string, so read it through Number(). */
  size: number | string | null;
  error: string | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
  audit_heads: AuditHeadsTable;
  audit_signatures: AuditSignaturesTable;
  audit_checkpoints: AuditCheckpointsTable;
  data_exports: DataExportsTable;
}
