import type { ColumnType } from 'kysely';

/** The compliance tables (migration 041; docs/decisions/050-compliance.md). */

export type GroupKind = 'department' | 'location' | 'team';
export type GroupRuleKind = 'email-domain' | 'role';
export type GroupMemberSource = 'manual' | 'import' | 'rule';

export interface GroupsTable {
  id: string;
  organisation_id: string;
  name: string;
  /** The name lower-cased, unique per company. */
  name_key: string;
  kind: GroupKind;
  rule_kind: GroupRuleKind | null;
  rule_value: string | null;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  organisation_id: string;
  joined_at: string;
  source: GroupMemberSource;
}

export interface GroupManagersTable {
  group_id: string;
  user_id: string;
  organisation_id: string;
  created_at: string;
}

export interface RequirementsTable {
  id: string;
  organisation_id: string;
  course_id: string;
  /** A group's id, or 'everyone'. */
  scope: string;
  due_days: number | null;
  /** YYYY-MM-DD, the last day in Copenhagen. */
  due_on: string | null;
  recur_months: number | null;
  renew_days: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface ComplianceRecordsTable {
  requirement_id: string;
  user_id: string;
  organisation_id: string;
  enrolment_id: string;
  assigned_at: string;
  due_at: string;
  completed_at: string | null;
  valid_until: string | null;
  expiring_from: string | null;
  score: number | null;
  started_at: string | null;
  exempt_reason: string | null;
  exempted_by: string | null;
  exempted_at: string | null;
  /** 0 exempted, 1 holds a certificate, 2 started, 3 not started (status.ts). */
  phase: number;
  /** ms since 1970: phase 1 when it starts to expire, phases 2–3 when it falls due (bigint: PostgreSQL answers it as text). */
  turns_at: ColumnType<number | string | null, number | null, number | null>;
  /** ms since 1970: phase 1 when it has expired. */
  ends_at: ColumnType<number | string | null, number | null, number | null>;
}

export type ComplianceEvent =
  | 'required'
  | 'due-changed'
  | 'requirement-changed'
  | 'started'
  | 'completed'
  | 'renewed'
  | 'exempted'
  | 'exemption-lifted'
  | 'certificate-revoked'
  | 'released';

export interface ComplianceHistoryTable {
  /** In the order written (an identity). */
  id: ColumnType<number | string, never, never>;
  organisation_id: string;
  requirement_id: string;
  user_id: string;
  at: string;
  event: ComplianceEvent;
  due_at: string | null;
  completed_at: string | null;
  valid_until: string | null;
  expiring_from: string | null;
  score: number | null;
  started_at: string | null;
  exempt_reason: string | null;
  actor_id: string | null;
  note: string | null;
}

export interface ComplianceTables {
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_managers: GroupManagersTable;
  requirements: RequirementsTable;
  compliance_records: ComplianceRecordsTable;
  compliance_history: ComplianceHistoryTable;
}
