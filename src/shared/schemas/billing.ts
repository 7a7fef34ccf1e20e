import { z } from 'zod';
import { PLANS } from '../constants.ts';
import { BILLING_PERIODS, PAID_PLANS } from '../plans.ts';
import { safeString } from './common.ts';

/** Subscriptions and paid courses through Stripe Checkout, and Danish invoices. */

/** Seats a company may buy in one course at once. */
export const MAX_SEATS_PER_PURCHASE = 1000;

export const ZPlanCheckoutRequest = z.strictObject({
  plan: z.enum(PAID_PLANS, { error: 'billing.planInvalid' }),
  period: z.enum(BILLING_PERIODS, { error: 'billing.periodInvalid' }),
});
export type TPlanCheckoutRequest = z.infer<typeof ZPlanCheckoutRequest>;

/** A paid course for oneself, or seats for one's company (admins). */
export const ZCourseCheckoutRequest = z.discriminatedUnion(
  'for',
  [
    z.strictObject({ for: z.literal('self') }),
    z.strictObject({
      for: z.literal('company'),
      seats: z
        .number({ error: 'billing.seatsInvalid' })
        .int({ error: 'billing.seatsInvalid' })
        .min(1, { error: 'billing.seatsInvalid' })
        .max(MAX_SEATS_PER_PURCHASE, { error: 'billing.seatsInvalid' }),
    }),
  ],
  { error: 'billing.buyForInvalid' },
);
export type TCourseCheckoutRequest = z.infer<typeof ZCourseCheckoutRequest>;

/** Where the browser goes to pay (Stripe's hosted checkout page). */
export const ZCheckoutAnswer = z.object({ url: z.string() });
export type TCheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;

/** A public-sector buyer's EAN location number: 13 digits; empty or null removes it. */
export const ZBillingSettingsRequest = z.strictObject({
  ean: z.union([
    z.literal(''),
    z.null(),
    safeString('billing.eanInvalid')
      .trim()
      .regex(/^\d{13}$/, { error: 'billing.eanInvalid' }),
  ]),
});
export type TBillingSettingsRequest = z.infer<typeof ZBillingSettingsRequest>;

export const ZBilling = z.object({
  /** Whether this installation takes payments (Stripe configured). */
  paymentsConfigured: z.boolean(),
  plan: z.enum(PLANS),
  planPeriod: z.enum(BILLING_PERIODS).nullable(),
  /** The end of the period paid for (UTC ISO), or null. */
  planPaidUntil: z.string().nullable(),
  /** A subscription renews at Stripe; false once it was cancelled (the plan runs to planPaidUntil). */
  renews: z.boolean(),
  /** A subscription cancelled at the period's end: when it ends (UTC ISO), until resumed. */
  cancelAt: z.string().nullable(),
  /** A smaller plan or monthly billing chosen, taking effect at `from`, the end of the period paid for. */
  pendingChange: z.object({ plan: z.enum(PAID_PLANS), period: z.enum(BILLING_PERIODS), from: z.string() }).nullable(),
  /** The trial's end (UTC ISO) while the company is on the trial, else null. */
  trialEndsAt: z.string().nullable(),
  ean: z.string().nullable(),
});
export type TBilling = z.infer<typeof ZBilling>;

/** The next invoice Stripe will send for the subscription (none while it is cancelled). */
export const ZNextInvoice = z.object({
  next: z
    .object({
      /** Minor units, with moms. */
      total: z.number().int(),
      currency: z.string(),
      /** When it is due (UTC ISO). */
      date: z.string(),
    })
    .nullable(),
});
export type TNextInvoice = z.infer<typeof ZNextInvoice>;

export const ZInvoiceSummary = z.object({
  id: z.string(),
  /** The number in the seller's unbroken sequence. */
  number: z.number().int(),
  issuedAt: z.string(),
  sellerName: z.string(),
  /** The first line's description (the plan or the course). */
  description: z.string(),
  currency: z.string(),
  /** Minor units: without moms, the moms, and the total. */
  subtotal: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;
export const ZInvoiceList = z.array(ZInvoiceSummary);

/** Where another company's paid course stands for the person asking (the course page's Buy). */
export const ZCoursePurchase = z.object({
  paymentsConfigured: z.boolean(),
  /** The course is the asker's company's own: its people enrol without buying. */
  own: z.boolean(),
  enrolled: z.boolean(),
  /** Seats the asker's company bought, and how many are taken; null when it bought none. */
  seats: z.object({ seats: z.number().int(), used: z.number().int() }).nullable(),
});
export type TCoursePurchase = z.infer<typeof ZCoursePurchase>;
