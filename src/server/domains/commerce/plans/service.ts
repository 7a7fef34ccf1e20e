import { PLAN_LIMITS } from '../../../../shared/plans.ts';
import type { TPlanOverview, TPlanState } from '../../../../shared/schemas/plans.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import * as repo from './repository.ts';
import { planState } from './state.ts';

/** 402 PLAN_REQUIRED: the company's trial or plan has ended, so its data is read-only. */
export function planRequired(state: TPlanState): AppError {
  return new AppError('PLAN_REQUIRED', 402, state.plan === 'trial' ? 'plan.requiredTrial' : 'plan.required');
}

/** Refuses (402) when the company is read-only; for services that act without a session user of that company. */
export async function assertOrganisationWritable(db: Db, organisationId: string): Promise<void> {
  const row = await repo.findPlanRow(db, organisationId);
  if (!row) return;
  const state = planState(row);
  if (state.readOnly) throw planRequired(state);
}

/** A company's plan: its state, its use of the plan's limits, and whether it may change its data. */
export class PlansService {
  constructor(private readonly db: Db) {}

  async state(organisationId: string, now = new Date()): Promise<TPlanState> {
    const row = await repo.findPlanRow(this.db, organisationId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'http.notFound');
    return planState(row, now);
  }

  /** GET /api/plan, for the company's admins and instructors (the dashboard's plan card, the read-only banner). */
  async overview(actor: TUser): Promise<TPlanOverview> {
    if (actor.role === 'learner') throw new AppError('FORBIDDEN', 403, 'plan.staffOnly');
    const now = new Date();
    const at = now.toISOString();
    const state = await this.state(actor.organisationId, now);
    const limits = PLAN_LIMITS[state.plan];
    const [courses, students, admins] = await Promise.all([
      repo.countPublishedCourses(this.db, actor.organisationId),
      repo.countRoleSeats(this.db, actor.organisationId, 'learner', at),
      repo.countRoleSeats(this.db, actor.organisationId, 'admin', at),
    ]);
    return {
      ...state,
      usage: {
        activeCourses: { used: courses, limit: limits.activeCourses },
        students: { used: students, limit: limits.students },
        admins: { used: admins, limit: limits.admins },
      },
    };
  }
}
