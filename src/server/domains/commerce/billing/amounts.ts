import { PLAN_PRICES_ORE, VAT_PERCENT, type BillingPeriod, type PaidPlan } from '../../../../shared/plans.ts';

/**
 * Money is counted in minor units (øre, cents) as integers, never as fractions. Prices in Kursa
 * are without moms (B2B): the plans' PLAN_PRICES_ORE and a paid course's price alike. Moms is 25 %
 * of the subtotal (the lines' sum), rounded half up to a whole minor unit, once per invoice, never
 * per line: subtotal 1 øre → moms 0 (0.25 rounds down), 2 øre → 1 (0.5 rounds up), 19,999 → 5,000.
 */
export function vatOf(subtotal: number): number {
  if (!Number.isSafeInteger(subtotal) || subtotal < 0)
    throw new RangeError(`subtotal must be a whole, non-negative number of minor units, not ${subtotal}`);
  return Math.floor((subtotal * VAT_PERCENT + 50) / 100);
}

export interface Amounts {
  subtotal: number;
  vat: number;
  total: number;
}

export function amountsOf(unitAmount: number, quantity: number): Amounts {
  const subtotal = unitAmount * quantity;
  const vat = vatOf(subtotal);
  return { subtotal, vat, total: subtotal + vat };
}

/** What one billing period of a plan costs without moms: a month, or twelve months at the annual rate. */
export function planPeriodAmount(plan: PaidPlan, period: BillingPeriod): number {
  return period === 'monthly' ? PLAN_PRICES_ORE[plan].monthly : PLAN_PRICES_ORE[plan].annual * 12;
}

/** The end of a period that starts at `from` (UTC): a calendar month or year later. */
export function periodEnd(from: Date, period: BillingPeriod): Date {
  const end = new Date(from);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** A total with moms split into the amount without it and the moms (25 %), to the øre. */
export function splitTotal(total: number): Amounts {
  let subtotal = Math.round((total * 100) / (100 + VAT_PERCENT));
  // The subtotal whose moms, rounded as on every invoice, makes the total.
  while (subtotal + vatOf(subtotal) > total && subtotal > 0) subtotal -= 1;
  while (subtotal + 1 + vatOf(subtotal + 1) <= total) subtotal += 1;
  return { subtotal, vat: total - subtotal, total };
}
