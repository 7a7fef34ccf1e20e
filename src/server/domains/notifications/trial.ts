import type { Db } from '../../db/database.ts';
import { untold, type CompanyEvent } from './told.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How many days before a trial ends its admins hear of it, the earliest first. */
const NOTICES = [7, 2] as const;

/**
 * The notices of a trial's end due now that no admin has had yet, for one company or all: one 7
 * days before the end and one 2 days before, to each active admin of a company still on the
 * trial. After a pause (the server down) only the latest due one is told, and none once the trial
 * has ended. Each is keyed by the company, the end and the notice, so a trial given a new end is
 * told of afresh.
 */
export async function pendingTrialNotices(db: Db, now: Date, organisationId?: string): Promise<CompanyEvent[]> {
  let query = db
    .selectFrom('organisations as o')
    .innerJoin('users as u', 'u.organisation_id', 'o.id')
    .select(['o.id as organisation_id', 'o.trial_ends_at', 'u.id as user_id'])
    .where('o.plan', '=', 'trial')
    .where('o.trial_ends_at', 'is not', null)
    .where('o.trial_ends_at', '>', now.toISOString())
    .where('o.trial_ends_at', '<=', new Date(now.getTime() + NOTICES[0] * DAY).toISOString())
    .where('u.role', '=', 'admin')
    .where('u.deactivated_at', 'is', null);
  if (organisationId) query = query.where('o.id', '=', organisationId);
  const due: CompanyEvent[] = [];
  for (const row of await query.execute()) {
    const left = Date.parse(row.trial_ends_at!) - now.getTime();
    const notice = NOTICES.findLast((days) => left <= days * DAY)!;
    due.push({
      kind: 'trial-ending',
      userId: row.user_id,
      key: `trial:${row.organisation_id}:${row.trial_ends_at}:${notice}`,
      // The days as they are when told: a notice told late (after a pause) says what is left.
      params: { days: Math.ceil(left / DAY) },
      link: '/billing',
      organisationId: row.organisation_id,
    });
  }
  return untold(db, due);
}
