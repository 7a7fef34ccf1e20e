import type { BillingPeriod, PaidPlan } from '../../../../shared/plans.ts';

/**
 * Reading what Stripe sends (webhook events, API answers) as plain records: each field is checked
 * where it is used rather than trusted to the library's type for whatever API version sent it.
 */
export type StripeRecord = Record<string, unknown>;

export const record = (value: unknown): StripeRecord => (value && typeof value === 'object' ? (value as StripeRecord) : {});
export const list = (value: unknown): StripeRecord[] => (Array.isArray(value) ? value.map(record) : []);
export const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** A Stripe id field: the id, or an expanded object's id. */
export const idOf = (value: unknown): string | null => str(value) ?? (value && typeof value === 'object' ? str(record(value).id) : null);
export const wholeNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
/** A Stripe timestamp (unix seconds) as UTC ISO. */
export const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export const PLAN_NAMES: Record<PaidPlan, string> = { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' };

/** The product a plan is sold as at Stripe (Checkout's line, a changed subscription's price). */
export const planProductName = (plan: PaidPlan, period: BillingPeriod) =>
  `Kursa ${PLAN_NAMES[plan]} (${period === 'monthly' ? 'månedlig' : 'årlig'})`;
