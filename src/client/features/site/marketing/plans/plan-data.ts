import { ANNUAL_DISCOUNT_PERCENT, PAID_PLANS, PLAN_LIMITS, PLAN_PRICES_ORE, type BillingPeriod, type PaidPlan } from '@shared/plans.ts';

/** The plan the pricing page and the landing page mark as most chosen (the "Most Popular" badge). */
export const POPULAR_PLAN: PaidPlan = 'professional';

/**
 * What the plan cards and the comparison table show, read from the constants the server enforces
 * (PLAN_LIMITS, PLAN_PRICES_ORE), so the public pages can never promise other limits or prices.
 */
export interface PlanCardData {
  plan: PaidPlan;
  /** Kroner a month on this billing period. */
  monthlyKroner: number;
  /** Kroner billed at once on annual billing (twelve months), else null. */
  yearlyKroner: number | null;
  limits: (typeof PLAN_LIMITS)[PaidPlan];
}

export function planCards(period: BillingPeriod): PlanCardData[] {
  return PAID_PLANS.map((plan) => {
    const perMonth = PLAN_PRICES_ORE[plan][period];
    return {
      plan,
      monthlyKroner: perMonth / 100,
      yearlyKroner: period === 'annual' ? (perMonth * 12) / 100 : null,
      limits: PLAN_LIMITS[plan],
    };
  });
}

export { ANNUAL_DISCOUNT_PERCENT };

/** /register with the plan (and period) chosen, which the registration form carries on. */
export const registerPath = (plan: PaidPlan, period: BillingPeriod) => `/register?plan=${plan}&period=${period}`;

/** The company's billing page with the plan (and period) chosen, for a logged-in user. */
export const billingPath = (plan: PaidPlan, period: BillingPeriod) => `/billing?plan=${plan}&period=${period}`;
