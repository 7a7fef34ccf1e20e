import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addDays, isoWeek, isoWeekday, latestMorning, morningOf } from './copenhagen-time.ts';
import { untold, type CompanyEvent } from './told.ts';

/** The courses a summary names, the most enrolled first. */
const TOP_COURSES = 3;

interface SummaryWeek {
  /** Told once per person and ISO week (the one it is sent in). */
  key: string;
  /** The ISO week the figures are of: the week before. */
  week: number;
  /** The 7 days the figures are of: from the Monday 07:00 before to this Monday's 07:00. */
  from: Date;
  to: Date;
}

/** The summary due at `now`: on Mondays from 07:00 in Copenhagen until Tuesday's 07:00, none at other times. */
function summaryWeek(now: Date): SummaryWeek | null {
  const morning = latestMorning(now);
  if (isoWeekday(morning.day) !== 1) return null;
  const { year, week } = isoWeek(morning.day);
  const lastMonday = addDays(morning.day, -7);
  return {
    key: `weekly:${year}-W${String(week).padStart(2, '0')}`,
    week: isoWeek(lastMonday).week,
    from: morningOf(lastMonday),
    to: morning.at,
  };
}

interface Recipient {
  userId: string;
  organisationId: string;
  role: 'admin' | 'instructor';
  key: string;
}

/**
 * The admins and instructors whose weekly summary is due at `now` and not told yet, for one
 * company or all; without its figures, which only the company's job works out.
 */
export async function pendingWeeklyRecipients(db: Db, now: Date, organisationId?: string): Promise<Recipient[]> {
  const week = summaryWeek(now);
  if (!week) return [];
  let query = db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'role'])
    .where('role', 'in', ['admin', 'instructor'])
    .where('deactivated_at', 'is', null);
  if (organisationId) query = query.where('organisation_id', '=', organisationId);
  const people = (await query.execute()).map((u) => ({
    userId: u.id,
    organisationId: u.organisation_id,
    role: u.role as Recipient['role'],
    key: week.key,
  }));
  return untold(db, people);
}

/** A course's figures over the week. */
interface CourseWeek {
  id: string;
  title: string;
  owner_id: string;
  enrolments: number;
  completions: number;
  overdue: number;
}

/** Each course of the company with something to count: enrolled or completed within the week, or overdue at `now`. */
async function courseWeeks(db: Db, organisationId: string, from: string, to: string, now: string): Promise<CourseWeek[]> {
  const rows = await db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select([
      'c.id',
      'c.title',
      'c.owner_id',
      sql<number | string>`sum(case when e.enrolled_at >= ${from} and e.enrolled_at < ${to} then 1 else 0 end)`.as('enrolments'),
      sql<number | string>`sum(case when e.completed_at >= ${from} and e.completed_at < ${to} then 1 else 0 end)`.as('completions'),
      sql<number | string>`sum(case when e.completed_at is null and e.due_at < ${now} then 1 else 0 end)`.as('overdue'),
    ])
    .where('c.organisation_id', '=', organisationId)
    .where((eb) =>
      eb.or([
        eb.and([eb('e.enrolled_at', '>=', from), eb('e.enrolled_at', '<', to)]),
        eb.and([eb('e.completed_at', '>=', from), eb('e.completed_at', '<', to)]),
        eb.and([eb('e.completed_at', 'is', null), eb('e.due_at', '<', now)]),
      ]),
    )
    .groupBy(['c.id', 'c.title', 'c.owner_id'])
    .execute();
  // PostgreSQL sums as bigint, which its driver gives as a string.
  return rows.map((r) => ({ ...r, enrolments: Number(r.enrolments), completions: Number(r.completions), overdue: Number(r.overdue) }));
}

function summaryOf(courses: readonly CourseWeek[]) {
  const total = (pick: (c: CourseWeek) => number) => courses.reduce((sum, c) => sum + pick(c), 0);
  return {
    enrolments: total((c) => c.enrolments),
    completions: total((c) => c.completions),
    overdue: total((c) => c.overdue),
    top: courses
      .filter((c) => c.enrolments > 0)
      .toSorted((a, b) => b.enrolments - a.enrolments || a.title.localeCompare(b.title) || a.id.localeCompare(b.id))
      .slice(0, TOP_COURSES)
      .map((c) => ({ title: c.title, enrolments: c.enrolments })),
  };
}

/**
 * The weekly summaries due at `now` for one company: to each admin and instructor not told yet,
 * the new enrolments, completions and top courses of the 7 days before this Monday's 07:00 and
 * the enrolments overdue now; the company's courses for an admin, their own for an instructor.
 */
export async function pendingWeeklySummaries(db: Db, now: Date, organisationId: string): Promise<CompanyEvent[]> {
  const week = summaryWeek(now);
  const recipients = await pendingWeeklyRecipients(db, now, organisationId);
  if (!week || recipients.length === 0) return [];
  const courses = await courseWeeks(db, organisationId, week.from.toISOString(), week.to.toISOString(), now.toISOString());
  return recipients.map((r) => ({
    kind: 'weekly-summary',
    userId: r.userId,
    key: r.key,
    params: {
      week: week.week,
      ...summaryOf(r.role === 'admin' ? courses : courses.filter((c) => c.owner_id === r.userId)),
    },
    link: '/dashboard',
    organisationId,
  }));
}
