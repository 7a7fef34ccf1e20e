import { DUE_SOON_DAYS, OVERDUE_REMINDERS } from '../../../shared/notification-kinds.ts';
import type { Db } from '../../db/database.ts';
import { untold, type CompanyEvent } from './told.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How far past its due date an enrolment is still reminded of. */
const OVERDUE_WINDOW = (1 + 7 * (OVERDUE_REMINDERS - 1) + 1) * DAY;

/**
 * The reminders due now that no one has had yet, for one company or all: "due soon" within the
 * company's days before an open assignment's due date, "overdue" the day after it and then weekly
 * (the latest only, after a pause). Each is keyed by its enrolment, due date and number, so a
 * changed due date is reminded of afresh and the same reminder is never told twice.
 */
export async function pendingReminders(db: Db, now: Date, organisationId?: string): Promise<CompanyEvent[]> {
  let query = db
    .selectFrom('enrolments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .leftJoin('organisation_notification_settings as s', 's.organisation_id', 'u.organisation_id')
    .select(['e.id', 'e.user_id', 'e.due_at', 'e.course_id', 'c.title', 'u.organisation_id', 's.due_soon_days'])
    .where('e.due_at', 'is not', null)
    .where('e.completed_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where('e.due_at', '<=', new Date(now.getTime() + DUE_SOON_DAYS.max * DAY).toISOString())
    .where('e.due_at', '>', new Date(now.getTime() - OVERDUE_WINDOW).toISOString());
  if (organisationId) query = query.where('u.organisation_id', '=', organisationId);
  const candidates = await query.execute();
  const due: CompanyEvent[] = [];
  for (const e of candidates) {
    const dueAt = Date.parse(e.due_at!);
    const params = { course: e.title, dueAt: e.due_at! };
    const link = `/learn/${e.course_id}`;
    const days = e.due_soon_days === null ? DUE_SOON_DAYS.default : Number(e.due_soon_days);
    if (now.getTime() < dueAt) {
      if (dueAt - now.getTime() <= days * DAY) {
        due.push({
          kind: 'due-soon',
          userId: e.user_id,
          key: `due-soon:${e.id}:${e.due_at}`,
          params,
          link,
          organisationId: e.organisation_id,
        });
      }
      continue;
    }
    const since = now.getTime() - dueAt - DAY;
    if (since < 0) continue;
    const reminder = Math.min(OVERDUE_REMINDERS, Math.floor(since / (7 * DAY)) + 1);
    due.push({
      kind: 'overdue',
      userId: e.user_id,
      key: `overdue:${e.id}:${e.due_at}:${reminder}`,
      params: { ...params, reminder },
      link,
      organisationId: e.organisation_id,
    });
  }
  return untold(db, due);
}
