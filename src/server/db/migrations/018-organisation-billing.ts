import type { Kysely } from 'kysely';

/**
 * What a company's plan is paid for. `plan` (migration 001) stays the plan in force
 * ('trial', 'starter', 'professional', 'enterprise'); a paid plan adds its billing period and the
 * end of the period paid for, which Stripe's webhooks move on at each renewal. The Stripe ids link
 * the company to its customer and subscription there; `ean` is a public-sector buyer's EAN
 * location number, printed on its invoices (OIOUBL/NemHandel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('plan_period', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('plan_paid_until', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('stripe_customer_id', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('stripe_subscription_id', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('ean', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['ean', 'stripe_subscription_id', 'stripe_customer_id', 'plan_paid_until', 'plan_period']) {
    await db.schema.alterTable('organisations').dropColumn(column).execute();
  }
}
