import { sql, type Kysely } from 'kysely';

/**
 * Payments through Stripe and their Danish invoices.
 *
 * - `stripe_events`: every webhook event fulfilled, by Stripe's event id. The row is written in the
 *   fulfilment's own transaction, so an event is fulfilled once however often Stripe sends it.
 * - `payments`: every payment received (a plan's first period and each renewal, a course for a
 *   person or for a company's seats), in minor units: the amount without moms, the moms and the total.
 * - `invoice_counters` and `invoices`: one unbroken sequence of invoice numbers per seller ('operator'
 *   for subscriptions, a company id for its paid courses). The counter row is moved on inside the
 *   payment's transaction; the unique (seller_key, number) backs it up. An invoice keeps the seller's
 *   and buyer's details as they were when it was issued.
 * - `course_seats`: seats a company bought in another company's paid course; its members enrol
 *   while `used` < `seats`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('buyer_organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('buyer_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // null: the operator of this installation (subscriptions).
    .addColumn('seller_organisation_id', 'text', (c) => c.references('organisations.id').onDelete('set null'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('plan', 'text')
    .addColumn('plan_period', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('stripe_event_id', 'text', (c) => c.notNull())
    .addColumn('stripe_checkout_session_id', 'text')
    .addColumn('stripe_invoice_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('payments_kind_check', sql`kind in ('subscription', 'course')`)
    .addCheckConstraint('payments_amounts_check', sql`subtotal >= 0 and vat >= 0 and total = subtotal + vat and quantity >= 1`)
    // A Stripe invoice (a subscription's period) or a checkout session is paid for once.
    .addUniqueConstraint('payments_stripe_invoice_unique', ['stripe_invoice_id'])
    .addUniqueConstraint('payments_stripe_session_unique', ['stripe_checkout_session_id'])
    .execute();
  await db.schema.createIndex('payments_course_idx').on('payments').columns(['course_id', 'currency']).execute();
  await db.schema.createIndex('payments_buyer_idx').on('payments').columns(['buyer_organisation_id', 'created_at']).execute();
  await db.schema
    .createTable('invoice_counters')
    .addColumn('seller_key', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().unique().references('payments.id').onDelete('cascade'))
    .addColumn('seller_key', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('buyer_organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('buyer_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // JSON: { name, address, cvr, email } of each party and the buyer's EAN and contact, as issued.
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    // JSON: [{ description, quantity, unitAmount, amount }] in minor units without moms.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addUniqueConstraint('invoices_number_unique', ['seller_key', 'number'])
    .execute();
  await db.schema.createIndex('invoices_buyer_idx').on('invoices').columns(['buyer_organisation_id', 'issued_at']).execute();
  await db.schema
    .createTable('course_seats')
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_seats_pk', ['organisation_id', 'course_id'])
    .addCheckConstraint('course_seats_used_check', sql`used >= 0 and used <= seats`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_seats').ifExists().execute();
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_counters').ifExists().execute();
  await db.schema.dropTable('payments').ifExists().execute();
  await db.schema.dropTable('stripe_events').ifExists().execute();
}
