import type { Plan } from '../../../../shared/constants.ts';
import type { BillingPeriod, PaidPlan } from '../../../../shared/plans.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database, InvoicesTable, PaymentsTable } from '../../../db/schema.ts';

/** The only SQL of payments, invoices, seats and Stripe events. */

export type Executor = Db | Transaction<Database>;

const inserted = (result: { numInsertedOrUpdatedRows?: bigint | undefined }) => Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

export async function findOrganisation(db: Executor, id: string) {
  return db
    .selectFrom('organisations')
    .select([
      'id',
      'name',
      'cvr',
      'address',
      'postal_code',
      'city',
      'email',
      'plan',
      'plan_period',
      'plan_paid_until',
      'stripe_customer_id',
      'stripe_subscription_id',
      'subscription_cancel_at',
      'subscription_pending_plan',
      'subscription_pending_period',
      'subscription_pending_from',
      'trial_ends_at',
      'ean',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type BillingOrganisation = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Keeps the first customer made for a company (two checkouts at once make one customer count). */
export async function setCustomerId(db: Executor, organisationId: string, customerId: string): Promise<string> {
  await db
    .updateTable('organisations')
    .set({ stripe_customer_id: customerId })
    .where('id', '=', organisationId)
    .where('stripe_customer_id', 'is', null)
    .execute();
  const row = await db.selectFrom('organisations').select('stripe_customer_id').where('id', '=', organisationId).executeTakeFirstOrThrow();
  return row.stripe_customer_id ?? customerId;
}

export async function setEan(db: Executor, organisationId: string, ean: string | null, now: string): Promise<void> {
  await db.updateTable('organisations').set({ ean, updated_at: now }).where('id', '=', organisationId).execute();
}

export async function findUser(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'contact_name', 'email', 'deactivated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCourse(db: Executor, id: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'organisation_id', 'title', 'slug', 'pricing', 'price', 'currency', 'status', 'visibility'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records that an event is being fulfilled; false when it was already (a replay). */
export async function claimEvent(trx: Executor, id: string, type: string, now: string): Promise<boolean> {
  const result = await trx
    .insertInto('stripe_events')
    .values({ id, type, processed_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return inserted(result);
}

export async function paymentForInvoice(trx: Executor, stripeInvoiceId: string) {
  return trx.selectFrom('payments').select(['id']).where('stripe_invoice_id', '=', stripeInvoiceId).executeTakeFirst();
}

export async function paymentForSession(trx: Executor, sessionId: string) {
  return trx.selectFrom('payments').select(['id']).where('stripe_checkout_session_id', '=', sessionId).executeTakeFirst();
}

export async function insertPayment(trx: Executor, row: PaymentsTable): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

/**
 * The seller's next invoice number. The counter row is updated in the payment's transaction: on
 * PostgreSQL the row stays locked until that commits (a parallel payment waits, then gets the next
 * number; a rolled-back payment gives its number back), on SQLite the transaction holds the database.
 */
export async function nextInvoiceNumber(trx: Transaction<Database>, sellerKey: string): Promise<number> {
  await trx
    .insertInto('invoice_counters')
    .values({ seller_key: sellerKey, last_number: 0 })
    .onConflict((oc) => oc.column('seller_key').doNothing())
    .execute();
  const row = await trx
    .updateTable('invoice_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('seller_key', '=', sellerKey)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInvoice(trx: Executor, row: InvoicesTable): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
}

/** A company's invoices as buyer, newest first; `userId` narrows them to one person's purchases. */
export async function listInvoices(db: Executor, organisationId: string, userId: string | null) {
  let query = db.selectFrom('invoices').selectAll().where('buyer_organisation_id', '=', organisationId);
  if (userId) query = query.where('buyer_user_id', '=', userId);
  return query.orderBy('issued_at', 'desc').orderBy('number', 'desc').execute();
}

export async function findInvoice(db: Executor, id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function activatePlan(
  trx: Executor,
  organisationId: string,
  plan: {
    plan: Plan;
    period: BillingPeriod;
    subscriptionId: string | null;
    customerId: string | null;
    now: string;
    /** When Stripe made what set it: an older invoice, delivered late or retried, leaves a newer plan be. */
    setAt: string;
  },
): Promise<void> {
  await trx
    .updateTable('organisations')
    .set({
      plan: plan.plan,
      plan_period: plan.period,
      plan_set_at: plan.setAt,
      ...(plan.subscriptionId && { stripe_subscription_id: plan.subscriptionId }),
      ...(plan.customerId && { stripe_customer_id: plan.customerId }),
      updated_at: plan.now,
    })
    .where('id', '=', organisationId)
    .where((eb) => eb.or([eb('plan_set_at', 'is', null), eb('plan_set_at', '<=', plan.setAt)]))
    .execute();
  // The change that waited for the period's end has happened.
  await trx
    .updateTable('organisations')
    .set({ subscription_pending_plan: null, subscription_pending_period: null, subscription_pending_from: null })
    .where('id', '=', organisationId)
    .where('subscription_pending_plan', '=', plan.plan as PaidPlan)
    .where('subscription_pending_period', '=', plan.period)
    .execute();
}

/** Moves the end of the period paid for on, never back (a late event for an earlier period changes nothing). */
export async function extendPaidUntil(trx: Executor, organisationId: string, paidUntil: string, now: string): Promise<void> {
  await trx
    .updateTable('organisations')
    .set({ plan_paid_until: paidUntil, updated_at: now })
    .where('id', '=', organisationId)
    .where((eb) => eb.or([eb('plan_paid_until', 'is', null), eb('plan_paid_until', '<', paidUntil)]))
    .execute();
}

/** The subscription's state at Stripe as last read: cancelled at the period's end, a change waiting. */
export interface SubscriptionState {
  cancelAt: string | null;
  pending: { plan: PaidPlan; period: BillingPeriod; from: string } | null;
}

export async function setSubscriptionState(db: Executor, subscriptionId: string, state: SubscriptionState, now: string): Promise<void> {
  await db
    .updateTable('organisations')
    .set({
      subscription_cancel_at: state.cancelAt,
      subscription_pending_plan: state.pending?.plan ?? null,
      subscription_pending_period: state.pending?.period ?? null,
      subscription_pending_from: state.pending?.from ?? null,
      updated_at: now,
    })
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
}

/** The subscription ended at Stripe: no renewal follows; the plan runs to the end of the period paid for. */
/** The company a subscription is for, as it is before the subscription ends. */
export function organisationWithSubscription(trx: Executor, subscriptionId: string) {
  return trx
    .selectFrom('organisations')
    .select(['id', 'plan', 'plan_paid_until'])
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

export async function endSubscription(trx: Executor, subscriptionId: string, now: string): Promise<void> {
  await trx
    .updateTable('organisations')
    .set({
      stripe_subscription_id: null,
      subscription_cancel_at: null,
      subscription_pending_plan: null,
      subscription_pending_period: null,
      subscription_pending_from: null,
      updated_at: now,
    })
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
}

export async function grantSeats(trx: Executor, organisationId: string, courseId: string, seats: number, now: string): Promise<void> {
  await trx
    .insertInto('course_seats')
    .values({ organisation_id: organisationId, course_id: courseId, seats, used: 0, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['organisation_id', 'course_id']).doUpdateSet((eb) => ({ seats: eb('course_seats.seats', '+', seats), updated_at: now })),
    )
    .execute();
}

export async function findSeats(db: Executor, organisationId: string, courseId: string) {
  return db
    .selectFrom('course_seats')
    .select(['seats', 'used'])
    .where('organisation_id', '=', organisationId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** Takes one of a company's seats in a course if one is free (one statement: two members never get the last seat both). */
export async function takeSeat(db: Executor, organisationId: string, courseId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('course_seats')
    .set((eb) => ({ used: eb('used', '+', 1), updated_at: now }))
    .where('organisation_id', '=', organisationId)
    .where('course_id', '=', courseId)
    .where((eb) => eb('used', '<', eb.ref('seats')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function giveSeatBack(db: Executor, organisationId: string, courseId: string, now: string): Promise<void> {
  await db
    .updateTable('course_seats')
    .set((eb) => ({ used: eb('used', '-', 1), updated_at: now }))
    .where('organisation_id', '=', organisationId)
    .where('course_id', '=', courseId)
    .where('used', '>', 0)
    .execute();
}

export async function insertEnrolment(trx: Executor, row: { id: string; courseId: string; userId: string; now: string }): Promise<boolean> {
  const result = await trx
    .insertInto('enrolments')
    .values({
      id: row.id,
      course_id: row.courseId,
      user_id: row.userId,
      source: 'self',
      assigned_by: null,
      due_at: null,
      enrolled_at: row.now,
      progress: 0,
      last_lesson_id: null,
      last_activity_at: null,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return inserted(result);
}

export async function insertEnrolmentActivity(
  trx: Executor,
  row: { id: string; organisationId: string; courseId: string; userId: string; now: string },
): Promise<void> {
  await trx
    .insertInto('activity')
    .values({
      id: row.id,
      organisation_id: row.organisationId,
      course_id: row.courseId,
      user_id: row.userId,
      kind: 'enrollment',
      created_at: row.now,
    })
    .execute();
}

/** Revenue without moms from the payments for an owner's courses, per course and currency. */
export async function courseRevenue(db: Executor, ownerId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('courses', 'courses.id', 'payments.course_id')
    .select(['payments.course_id', 'payments.currency', (eb) => eb.fn.sum<number | string>('payments.subtotal').as('revenue')])
    .where('courses.owner_id', '=', ownerId)
    .where('payments.kind', '=', 'course')
    .groupBy(['payments.course_id', 'payments.currency'])
    .execute();
}
