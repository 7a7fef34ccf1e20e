import { z } from 'zod';
import { PLANS } from '../constants.ts';
import { BILLING_PERIODS } from '../plans.ts';

/** A company's plan, whether it may still change its data, and its use of the plan's limits. */

export const PLAN_STATUSES = ['trial', 'active', 'expired'] as const;

export const ZPlanState = z.object({
  plan: z.enum(PLANS),
  /** A paid plan's billing period; null on the trial (and on a plan the operator granted). */
  period: z.enum(BILLING_PERIODS).nullable(),
  trialEndsAt: z.string().nullable(),
  /** The end of the period paid for; null on the trial, or a plan granted without an end. */
  paidUntil: z.string().nullable(),
  /** trial: within the trial; active: a paid plan within its period (and grace); expired: neither. */
  status: z.enum(PLAN_STATUSES),
  /** Expired: the company's data is kept and can be read, but not changed, until it subscribes. */
  readOnly: z.boolean(),
  /** When the company turns read-only unless it (re)subscribes: the trial's end, or the paid period's end plus the grace days; null: no end. */
  endsAt: z.string().nullable(),
});
export type TPlanState = z.infer<typeof ZPlanState>;

/** One limit of the plan against what the company uses; limit null is no limit. */
export const ZPlanUsageItem = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** GET /api/plan: the plan's state and the company's use of its limits. */
export const ZPlanOverview = ZPlanState.extend({
  usage: z.object({
    /** Published courses. */
    activeCourses: ZPlanUsageItem,
    /** Active learners and open learner invitations. */
    students: ZPlanUsageItem,
    /** Active admins and open admin invitations. */
    admins: ZPlanUsageItem,
  }),
});
export type TPlanOverview = z.infer<typeof ZPlanOverview>;
