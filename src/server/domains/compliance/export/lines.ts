/**
 * What the compliance exports are made of. The rest of the compliance domain works out who must
 * take which course and where each of them stands; it hands the writers here a description of the
 * report and its lines, already in the words the reader sees (names, titles, the word for
 * everyone), and the writers only lay them out.
 */

import type { ComplianceStatus } from '../../../../shared/schemas/compliance.ts';

export type { ComplianceStatus };
/** Every status, in the order a summary lists them: from not begun, through done, to lapsed, then the exempted. */
export { COMPLIANCE_STATUSES } from '../../../../shared/schemas/compliance.ts';

export type ReportLanguage = 'da' | 'en';

export interface ReportMeta {
  language: ReportLanguage;
  /** The matrix, one person's training record, or one course's completion report. */
  kind: 'compliance' | 'person' | 'course';
  /** The person's name (kind person) or the course's title (kind course); '' for the matrix. */
  title: string;
  companyName: string;
  cvr: string | null;
  /** The name of the person who asked for the report. */
  generatedBy: string;
  generatedAt: Date;
  /** The statuses are as of this moment. */
  asOf: Date;
  /** The period the report covers, when it covers one. */
  period: { from: Date; to: Date } | null;
  /** The filters applied, by the names the reader knows them by; null where nothing was filtered. */
  filters: { group: string | null; course: string | null; status: ComplianceStatus | null };
}

export interface ReportLine {
  person: string;
  email: string;
  /** The names of the person's groups. */
  groups: string[];
  /** The course's title. */
  course: string;
  /** A group's name, or the word for everyone (translated by the caller). */
  requiredOf: string;
  status: ComplianceStatus;
  /** ISO timestamps. */
  dueAt: string | null;
  completedAt: string | null;
  validUntil: string | null;
  /** A whole per cent. */
  score: number | null;
  exemptReason: string | null;
}
