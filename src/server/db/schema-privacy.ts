/** A person's or a company's erasure (migration 047), carried out when due unless cancelled. */
export interface ErasureRequestsTable {
  id: string;
  organisation_id: string;
  /** Whose data; null: the whole company's. */
  user_id: string | null;
  /** 'self' (the person asked), 'admin' (an admin asked), 'retention' (inactive too long), 'organisation'. */
  kind: 'self' | 'admin' | 'retention' | 'organisation';
  status: 'pending' | 'cancelled' | 'done';
  /** Who asked; null: the retention job. */
  requested_by: string | null;
  requested_at: string;
  due_at: string;
  /** The person's deactivation before an admin's request deactivated them, restored on cancel. */
  previous_deactivated_at: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  done_at: string | null;
  /** JSON: what was removed, by kind, counted. */
  summary: string | null;
}

/** How long a company keeps what it no longer needs (migration 047); no row: the defaults. */
export interface OrganisationRetentionTable {
  organisation_id: string;
  /** Learners not seen for this long are erased; null: never. */
  inactive_learner_months: number | null;
  ai_conversation_months: number | null;
  /** Quiz attempts' answers are emptied after this long (the score stays); null: never. */
  quiz_answer_months: number | null;
  /** The activity feed, read notifications, sent e-mails and the audit log (at least 12); null: never. */
  log_months: number | null;
  /** 1: an erased person's enrolments, certificates and compliance records stay, under a pseudonym. */
  keep_training_records: number;
  /** Days between asking for an erasure and carrying it out. */
  grace_days: number;
  last_run_at: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface PrivacyTables {
  erasure_requests: ErasureRequestsTable;
  organisation_retention: OrganisationRetentionTable;
}
