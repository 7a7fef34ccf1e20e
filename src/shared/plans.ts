import type { Plan } from './constants.ts';

/**
 * Plans, prices and limits in one place, for the server that enforces them
 * and the pages that show them. Kept out of constants.ts, which every page loads first: only the
 * pages and modules that deal with plans download these.
 */
/** The plans a company can buy (the trial is not bought). */
export const PAID_PLANS = ['starter', 'professional', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/**
 * The prices the pricing page shows, in øre (DKK minor units) per month, without moms: monthly billing, and
 * the monthly price on annual billing (25 % less, billed as twelve months at once).
 */
export const PLAN_PRICES_ORE: Record<PaidPlan, Record<BillingPeriod, number>> = {
  starter: { monthly: 19_900, annual: 14_900 },
  professional: { monthly: 39_900, annual: 29_900 },
  enterprise: { monthly: 79_900, annual: 59_900 },
};
export const ANNUAL_DISCOUNT_PERCENT = 25;
/** The landing page's stats: a learner counts as active with learning activity within this many days. */
export const ACTIVE_LEARNER_DAYS = 30;

/** What a plan allows; null is no limit. */
export interface PlanLimits {
  /** Published courses at once. */
  activeCourses: number | null;
  /** Learners ("students"): active learners plus open learner invitations. */
  students: number | null;
  /** Admins: active admins plus open admin invitations. */
  admins: number | null;
}

/**
 * Starter up to 5 courses and 100 students; Professional unlimited courses, 1,000 students and
 * 3 admins; Enterprise no limits. The trial behaves as Professional. The plans as sold name no
 * admin limit for Starter; a smaller plan allows no more than Professional, so it is 3 as well
 * (docs/decisions/026-plans-and-read-only.md).
 */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  trial: { activeCourses: null, students: 1000, admins: 3 },
  starter: { activeCourses: 5, students: 100, admins: 3 },
  professional: { activeCourses: null, students: 1000, admins: 3 },
  enterprise: { activeCourses: null, students: null, admins: null },
};
/** The plans' names as they are sold (the same in Danish and English). */
export const PLAN_NAMES: Record<PaidPlan, string> = { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' };
/**
 * A paid plan stays active this long after the end of the period paid for, so a renewal whose
 * payment or webhook arrives late never turns a paying company read-only.
 */
export const PLAN_GRACE_DAYS = 3;
/** Danish moms on every invoice line, in per cent. */
export const VAT_PERCENT = 25;
