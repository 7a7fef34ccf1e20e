import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ComplianceStatus } from '../../../shared/schemas/compliance.ts';

/**
 * A person's status on a requirement at a moment: exempted; completed (valid until …) or, within
 * the renewal window, expiring; expired once the certificate no longer holds; overdue past the due
 * date; in progress once started; else not started.
 */

/** The statuses that count as compliant: the person holds a valid certificate, or need not. */
export const COMPLIANT_STATUSES: readonly ComplianceStatus[] = ['completed', 'expiring', 'exempted'];

export interface StatusDates {
  due_at: string;
  completed_at: string | null;
  valid_until: string | null;
  expiring_from: string | null;
  started_at: string | null;
  exempt_reason: string | null;
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * What a current record's status is computed from, as integers: its phase (0 exempted, 1 holds a
 * certificate, 2 started, 3 not started) and the moments its status turns (ms since 1970). Written
 * with every change of the dates it is made of.
 */
export function compactOf(r: StatusDates): { phase: number; turns_at: number | null; ends_at: number | null } {
  if (r.exempt_reason !== null) return { phase: 0, turns_at: null, ends_at: null };
  if (r.completed_at !== null) return { phase: 1, turns_at: ms(r.expiring_from), ends_at: ms(r.valid_until) };
  return { phase: r.started_at !== null ? 2 : 3, turns_at: ms(r.due_at), ends_at: null };
}

/** The status of a current record (its compact columns) at `at`: integer comparisons, cheap over a large company. */
export function currentStatus(alias: string, at: string): RawBuilder<ComplianceStatus> {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  const t = Date.parse(at);
  return sql<ComplianceStatus>`case ${c('phase')}
    when 0 then 'exempted'
    when 1 then case
      when ${c('ends_at')} <= ${t} then 'expired'
      when ${c('turns_at')} <= ${t} then 'expiring'
      else 'completed' end
    else case
      when ${c('turns_at')} < ${t} then 'overdue'
      when ${c('phase')} = 2 then 'in-progress'
      else 'not-started' end
    end`;
}

/** Whether a current record has `status` at `at`: the status's own condition on the compact columns (cheaper than comparing the computed status). */
export function currentStatusIs(alias: string, status: ComplianceStatus, at: string): RawBuilder<SqlBool> {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  const t = Date.parse(at);
  const notExpired = sql`(${c('ends_at')} is null or ${c('ends_at')} > ${t})`;
  const notDue = sql`(${c('turns_at')} is null or ${c('turns_at')} >= ${t})`;
  const conditions: Record<ComplianceStatus, RawBuilder<unknown>> = {
    exempted: sql`${c('phase')} = 0`,
    completed: sql`${c('phase')} = 1 and ${notExpired} and (${c('turns_at')} is null or ${c('turns_at')} > ${t})`,
    expiring: sql`${c('phase')} = 1 and ${notExpired} and ${c('turns_at')} <= ${t}`,
    expired: sql`${c('phase')} = 1 and ${c('ends_at')} <= ${t}`,
    overdue: sql`${c('phase')} >= 2 and ${c('turns_at')} < ${t}`,
    'in-progress': sql`${c('phase')} = 2 and ${notDue}`,
    'not-started': sql`${c('phase')} = 3 and ${notDue}`,
  };
  return sql<SqlBool>`(${conditions[status]})`;
}

/** The same status from a row's dates as text (a history row, as the record stood then): ISO timestamps compare as text. */
export function statusOfDates(alias: string, at: string): RawBuilder<ComplianceStatus> {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<ComplianceStatus>`case
    when ${c('exempt_reason')} is not null then 'exempted'
    when ${c('completed_at')} is not null and (${c('valid_until')} is null or ${c('valid_until')} > ${at}) then
      case when ${c('expiring_from')} is not null and ${c('expiring_from')} <= ${at} then 'expiring' else 'completed' end
    when ${c('completed_at')} is not null then 'expired'
    when ${c('due_at')} < ${at} then 'overdue'
    when ${c('started_at')} is not null then 'in-progress'
    else 'not-started' end`;
}
