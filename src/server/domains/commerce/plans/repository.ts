import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';
import type { PlanRow } from './state.ts';

/** The only SQL for plans: a company's plan columns and what it uses of the plan's limits. */

type Executor = Db | Transaction<Database>;

export async function findPlanRow(db: Executor, organisationId: string): Promise<PlanRow | undefined> {
  return db
    .selectFrom('organisations')
    .select(['plan', 'trial_ends_at', 'plan_period', 'plan_paid_until'])
    .where('id', '=', organisationId)
    .executeTakeFirst();
}

/** Published courses of a company, but for `exceptCourseId` (a course already published keeps its place). */
export async function countPublishedCourses(db: Executor, organisationId: string, exceptCourseId = ''): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'published')
    .where('id', '!=', exceptCourseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places of one role in use: its active members, and open (unexpired) invitations to it. */
export async function countRoleSeats(db: Executor, organisationId: string, role: 'learner' | 'admin', now: string): Promise<number> {
  const members = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', role)
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  const invited = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', role)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invited.n);
}
