import type { Kysely } from 'kysely';

/**
 * A subscription's state at Stripe as Kursa last read it (docs/decisions/067-subscription-changes.md):
 * cancelled at the period's end (`subscription_cancel_at`), and a change of plan waiting for the
 * period's end (`subscription_pending_*`). Stripe holds the truth; these mirror it for the pages.
 * `plan_set_at` is when Stripe made the invoice (or checkout) that set the plan: one made earlier,
 * delivered late or retried, pays but does not put an older plan back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('subscription_cancel_at', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('subscription_pending_plan', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('subscription_pending_period', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('subscription_pending_from', 'text').execute();
  await db.schema.alterTable('organisations').addColumn('plan_set_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'plan_set_at',
    'subscription_pending_from',
    'subscription_pending_period',
    'subscription_pending_plan',
    'subscription_cancel_at',
  ])
    await db.schema.alterTable('organisations').dropColumn(column).execute();
}
