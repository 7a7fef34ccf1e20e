import type { Transaction } from 'kysely';
import { type Plan } from '../../../../shared/constants.ts';
import { PLAN_LIMITS, PLAN_NAMES } from '../../../../shared/plans.ts';
import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import * as repo from './repository.ts';
import { planState } from './state.ts';

type Executor = Db | Transaction<Database>;
type LimitKind = 'courses' | 'students' | 'admins';

const KEYS: Record<LimitKind, { plan: MessageKey; trial: MessageKey }> = {
  courses: { plan: 'plan.courseLimit', trial: 'plan.courseLimitTrial' },
  students: { plan: 'plan.studentLimit', trial: 'plan.studentLimitTrial' },
  admins: { plan: 'plan.adminLimit', trial: 'plan.adminLimitTrial' },
};

/** 403 PLAN_LIMIT, naming the plan and the limit, with the way to a larger plan. */
function limitReached(kind: LimitKind, plan: Plan, limit: number): AppError {
  const key = plan === 'trial' ? KEYS[kind].trial : KEYS[kind].plan;
  return new AppError('PLAN_LIMIT', 403, key, { params: { plan: plan === 'trial' ? PLAN_NAMES.professional : PLAN_NAMES[plan], limit } });
}

async function planOf(db: Executor, organisationId: string): Promise<Plan> {
  const row = await repo.findPlanRow(db, organisationId);
  if (!row) throw new AppError('NOT_FOUND', 404, 'http.notFound');
  return planState(row).plan;
}

/**
 * The plan's bound on active (published) courses (PLAN_LIMITS: Starter 5). Called when a course is
 * published (inside the publishing transaction where there is one); a course already published
 * keeps its place.
 */
export async function assertCourseSlot(db: Executor, organisationId: string, courseId: string): Promise<void> {
  const plan = await planOf(db, organisationId);
  const limit = PLAN_LIMITS[plan].activeCourses;
  if (limit !== null && (await repo.countPublishedCourses(db, organisationId, courseId)) >= limit)
    throw limitReached('courses', plan, limit);
}

/**
 * Room for one more member of `role`: learners (students) and admins are bounded by the plan;
 * instructors are not. Open invitations hold a place, so a burst of invitations cannot overshoot.
 */
export async function assertRoleSeat(db: Executor, organisationId: string, role: string, now: string): Promise<void> {
  if (role !== 'learner' && role !== 'admin') return;
  const plan = await planOf(db, organisationId);
  const limit = role === 'learner' ? PLAN_LIMITS[plan].students : PLAN_LIMITS[plan].admins;
  if (limit !== null && (await repo.countRoleSeats(db, organisationId, role, now)) >= limit)
    throw limitReached(role === 'learner' ? 'students' : 'admins', plan, limit);
}
