import { type SqlBool, sql } from 'kysely';
import { EVERYONE } from '../../../shared/schemas/compliance.ts';
import type { Db } from '../../db/database.ts';
import { type NotificationEvent, type NotificationsService, type PeriodicWork, untold } from '../notifications/index.ts';

const DAY = 24 * 60 * 60 * 1000;
/**
 * How long after a person fell behind their managers are still told: a scan missed for a few days
 * still tells them, while a manager named later, or a requirement made with a date long past, does
 * not bring a flood of old news (the compliance page and the monthly report show those).
 */
const TELL_WITHIN_DAYS = 7;
/** Ids per look-up, well under the bound parameters SQLite and PostgreSQL take in one statement. */
const BATCH = 500;

type Told = NotificationEvent & { organisationId: string };

/** The records that fell behind within the window before `now`: past the due date without a certificate, or the certificate expired. */
function lapses(db: Db, now: Date, organisationId?: string) {
  const t = now.getTime();
  const since = t - TELL_WITHIN_DAYS * DAY;
  // The same comparisons as status.ts's overdue and expired, limited to the moments that passed lately.
  const lapsed = sql<SqlBool>`((r.phase >= 2 and r.turns_at < ${t} and r.turns_at >= ${since})
    or (r.phase = 1 and r.ends_at <= ${t} and r.ends_at > ${since}))`;
  let query = db
    .selectFrom('compliance_records as r')
    .innerJoin('requirements as q', 'q.id', 'r.requirement_id')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.requirement_id', 'r.user_id', 'r.organisation_id', 'r.due_at', 'r.valid_until', 'r.phase', 'q.scope'])
    .select(['c.title as course', 'u.contact_name as name'])
    .where(lapsed)
    .where('q.archived_at', 'is', null)
    .where('u.deactivated_at', 'is', null);
  if (organisationId) query = query.where('r.organisation_id', '=', organisationId);
  return query.execute();
}

type Lapse = Awaited<ReturnType<typeof lapses>>[number];

async function inBatches<T, R>(items: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await read(items.slice(i, i + BATCH))));
  return out;
}

/**
 * Who hears of each lapse: the managers of the group the requirement is of; for a requirement of
 * everyone, or a group nobody (else) manages, the company's admins. Never the person themself.
 */
async function withRecipients(db: Db, found: readonly Lapse[]): Promise<Told[]> {
  const groups = [...new Set(found.map((l) => l.scope).filter((s) => s !== EVERYONE))];
  const companies = [...new Set(found.map((l) => l.organisation_id))];
  const managers = await inBatches(groups, (batch) =>
    db
      .selectFrom('group_managers as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.group_id', 'm.user_id'])
      .where('m.group_id', 'in', batch)
      .where('u.deactivated_at', 'is', null)
      .execute(),
  );
  const admins = await inBatches(companies, (batch) =>
    db
      .selectFrom('users')
      .select(['id', 'organisation_id'])
      .where('organisation_id', 'in', batch)
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute(),
  );
  return found.flatMap((lapse) => {
    const others = (ids: string[]) => ids.filter((id) => id !== lapse.user_id);
    const ofGroup = lapse.scope === EVERYONE ? [] : others(managers.filter((m) => m.group_id === lapse.scope).map((m) => m.user_id));
    const recipients =
      ofGroup.length > 0 ? ofGroup : others(admins.filter((a) => a.organisation_id === lapse.organisation_id).map((a) => a.id));
    const expired = Number(lapse.phase) === 1;
    // Once per person, requirement and occasion: a due date (a renewal's cycle has its own), or a certificate's expiry.
    const key = expired
      ? `team-expired:${lapse.requirement_id}:${lapse.user_id}:${lapse.valid_until ?? ''}`
      : `team-overdue:${lapse.requirement_id}:${lapse.user_id}:${lapse.due_at}`;
    return recipients.map((userId): Told => ({
      kind: 'team-overdue',
      userId,
      key,
      params: {
        learner: lapse.name,
        course: lapse.course,
        ...(expired
          ? { lapse: 'expired' as const, validUntil: lapse.valid_until ?? '' }
          : { lapse: 'overdue' as const, dueAt: lapse.due_at }),
      },
      link: '/compliance',
      organisationId: lapse.organisation_id,
    }));
  });
}

async function due(db: Db, now: Date, organisationId?: string): Promise<Told[]> {
  const found = await lapses(db, now, organisationId);
  return found.length === 0 ? [] : untold(db, await withRecipients(db, found));
}

/**
 * Managers told of their people who fell behind: when a person's requirement passes its due date
 * without a certificate, or their certificate of it expires, the managers of the requirement's
 * group hear of it (the company's admins for a requirement of everyone, or of a group without
 * another manager), once per person, requirement and occasion. Run by the notification scan.
 */
export function teamOverdueWork(db: Db, notifications: NotificationsService): PeriodicWork {
  return {
    pending: async (now) => [...new Set((await due(db, now)).map((e) => e.organisationId))].map((organisationId) => ({ organisationId })),
    run: async (now, organisationId) => {
      let told = 0;
      for (const event of await due(db, now, organisationId)) if (await notifications.notify(event)) told += 1;
      return told;
    },
  };
}
