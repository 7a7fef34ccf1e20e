import type { Db } from '../../db/database.ts';
import type { EnrolmentsService } from '../learning/index.ts';
import type { PeriodicWork } from '../notifications/index.ts';
import type { ComplianceRecords } from './records.ts';

/**
 * Recurring requirements: when a person's certificate comes within the requirement's renewal
 * window of its expiry, their course is assigned again (the enrolment's next cycle), due when the
 * certificate expires, and they are told and reminded as of any assignment. The certificate holds
 * until then. Run by the notification scan, first of a company's steps.
 */
export function renewalWork(db: Db, records: ComplianceRecords, enrolments: EnrolmentsService): PeriodicWork {
  const due = (now: Date, organisationId?: string) => {
    let query = db
      .selectFrom('compliance_records as r')
      .innerJoin('requirements as q', 'q.id', 'r.requirement_id')
      .innerJoin('enrolments as e', 'e.id', 'r.enrolment_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .where('q.archived_at', 'is', null)
      .where('q.recur_months', 'is not', null)
      .where('r.exempt_reason', 'is', null)
      .where('r.expiring_from', '<=', now.toISOString())
      // Completed and not yet renewed: a renewed enrolment is not completed until taken again.
      .where('e.completed_at', 'is not', null)
      .where('u.deactivated_at', 'is', null);
    if (organisationId) query = query.where('r.organisation_id', '=', organisationId);
    return query;
  };
  return {
    pending: async (now) => {
      const rows = await due(now).select('r.organisation_id').distinct().execute();
      return rows.map((r) => ({ organisationId: r.organisation_id }));
    },
    run: async (now, organisationId) => {
      const rows = await due(now, organisationId)
        .select(['r.enrolment_id', 'r.valid_until', 'r.due_at', 'r.user_id', 'q.course_id'])
        .orderBy('r.valid_until')
        .execute();
      let renewed = 0;
      const seen = new Set<string>();
      for (const row of rows) {
        // Two requirements of one course share the enrolment: it is renewed once, by the earlier expiry.
        if (seen.has(row.enrolment_id)) continue;
        seen.add(row.enrolment_id);
        // Due when the certificate expires; one that had expired before the person was required the
        // course (an old certificate) keeps the requirement's own due date, so they have its time.
        const expires = row.valid_until ?? now.toISOString();
        const dueAt = expires > row.due_at ? expires : row.due_at;
        if (!(await enrolments.renew(row.enrolment_id, dueAt))) continue;
        renewed += 1;
        await records.renewed(row.user_id, row.course_id, dueAt);
      }
      return renewed;
    },
  };
}
