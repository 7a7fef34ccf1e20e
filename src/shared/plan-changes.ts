import { PAID_PLANS, type BillingPeriod, type PaidPlan } from './plans.ts';

// Apart from plans.ts, which the builder's first load carries for the plan's limits: only the
// billing page and the server need this.
/**
 * When a change of plan takes effect: a bigger plan, or annual billing of the same plan, now
 * (charged pro rata for the rest of the period); a smaller plan, or monthly billing of the same
 * plan, at the end of the period already paid for (docs/decisions/067-subscription-changes.md).
 */
export function planChangeTiming(
  from: { plan: PaidPlan; period: BillingPeriod },
  to: { plan: PaidPlan; period: BillingPeriod },
): 'now' | 'period-end' {
  const rank = (plan: PaidPlan) => PAID_PLANS.indexOf(plan);
  if (rank(to.plan) !== rank(from.plan)) return rank(to.plan) > rank(from.plan) ? 'now' : 'period-end';
  return to.period === 'annual' ? 'now' : 'period-end';
}
