import type { Selectable } from 'kysely';
import type { OrganisationsTable } from '../../../db/schema.ts';
import { type Plan } from '../../../../shared/constants.ts';
import { PLAN_GRACE_DAYS } from '../../../../shared/plans.ts';
import type { TPlanState } from '../../../../shared/schemas/plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The organisation columns a plan's state is made from. */
export type PlanRow = Pick<Selectable<OrganisationsTable>, 'plan' | 'trial_ends_at' | 'plan_period' | 'plan_paid_until'>;

/**
 * A company's plan state at `now`, the one place that decides it:
 * - the trial is active until `trial_ends_at` (a trial without an end, which the product never
 *   makes, is not cut short);
 * - a paid plan is active until `plan_paid_until` plus PLAN_GRACE_DAYS, so a renewal whose webhook
 *   arrives late never locks a paying company; a paid plan without `plan_paid_until` was granted
 *   by the operator (the demo company, an enterprise contract) and has no end;
 * - otherwise it has expired, and the company's data is read-only until it subscribes.
 */
export function planState(row: PlanRow, now: Date = new Date()): TPlanState {
  const plan: Plan = row.plan;
  const period = row.plan_period;
  const base = { plan, period, trialEndsAt: row.trial_ends_at, paidUntil: plan === 'trial' ? null : row.plan_paid_until };
  const end = plan === 'trial' ? row.trial_ends_at : row.plan_paid_until;
  // Written by the product only; an unreadable time counts as passed rather than as no end.
  const endMs = end === null ? null : (Date.parse(end) || 0) + (plan === 'trial' ? 0 : PLAN_GRACE_DAYS * DAY_MS);
  const endsAt = endMs === null ? null : new Date(endMs).toISOString();
  const ended = endMs !== null && endMs <= now.getTime();
  const status = ended ? 'expired' : plan === 'trial' ? 'trial' : 'active';
  return { ...base, status, readOnly: ended, endsAt };
}
