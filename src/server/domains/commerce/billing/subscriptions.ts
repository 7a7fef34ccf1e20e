import type { FastifyBaseLogger } from 'fastify';
import { planChangeTiming } from '../../../../shared/plan-changes.ts';
import { BILLING_PERIODS, PAID_PLANS, type BillingPeriod } from '../../../../shared/plans.ts';
import type { TNextInvoice, TPlanCheckoutRequest } from '../../../../shared/schemas/billing.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { actorOf, type AuditLog } from '../../privacy/index.ts';
import { planPeriodAmount, vatOf } from './amounts.ts';
import * as repo from './repository.ts';
import type { StripeClient, StripeObject } from './stripe-client.ts';
import { idOf, iso, list, planProductName, record, wholeNumber } from './stripe-values.ts';

const interval = (period: BillingPeriod) => (period === 'monthly' ? 'month' : 'year');

/** The end of the subscription's current period: on its items (Stripe's API from 2025-03), or on itself before. */
function currentPeriodEnd(subscription: Record<string, unknown>): number | null {
  const ends = list(record(subscription.items).data)
    .map((item) => wholeNumber(item.current_period_end))
    .filter((n): n is number => n !== null);
  return ends.length ? Math.max(...ends) : wholeNumber(subscription.current_period_end);
}

/**
 * The subscription's state as Stripe holds it, read from the subscription with its schedule
 * expanded: cancelled at the period's end (or at a set time), and the next phase of a schedule
 * that changes the plan.
 */
export function stateOf(subscription: Record<string, unknown>, nowSeconds: number): repo.SubscriptionState {
  const end = currentPeriodEnd(subscription);
  const cancelAt = wholeNumber(subscription.cancel_at) ?? (subscription.cancel_at_period_end === true ? end : null);
  const next = list(record(subscription.schedule).phases).find((phase) => (wholeNumber(phase.start_date) ?? 0) > nowSeconds);
  const metadata = record(next?.metadata);
  const plan = PAID_PLANS.find((p) => p === metadata.plan);
  const period = BILLING_PERIODS.find((p) => p === metadata.period);
  const from = wholeNumber(next?.start_date);
  return {
    cancelAt: cancelAt === null ? null : iso(cancelAt),
    pending: plan && period && from !== null ? { plan, period, from: iso(from) } : null,
  };
}

export interface SubscriptionDeps {
  db: Db;
  stripe: () => StripeClient;
  atStripe: <T>(what: string, call: () => Promise<T>) => Promise<T>;
  audit: AuditLog;
  log: FastifyBaseLogger;
}

const adminOnly = () => new AppError('FORBIDDEN', 403, 'billing.adminOnly');

/**
 * Changing, cancelling and resuming a subscription through Stripe's API
 * (docs/decisions/067-subscription-changes.md). A bigger plan or annual billing is changed at once
 * and charged pro rata; a smaller plan or monthly billing waits for the period's end in a
 * subscription schedule. The plan a company has changes only when Stripe's webhook says the
 * invoice was paid; what is waiting, and a cancellation, are read back from Stripe after each call
 * and each of its subscription events.
 */
export class Subscriptions {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** The company's live subscription, for an admin; 409 without one. */
  private async subscribed(actor: TUser) {
    if (actor.role !== 'admin') throw adminOnly();
    const stripe = this.deps.stripe();
    const org = (await repo.findOrganisation(this.deps.db, actor.organisationId))!;
    const plan = PAID_PLANS.find((p) => p === org.plan);
    const period = BILLING_PERIODS.find((p) => p === org.plan_period);
    if (!org.stripe_subscription_id || !plan || !period) throw new AppError('NO_SUBSCRIPTION', 409, 'billing.noSubscription');
    return { stripe, org, subscriptionId: org.stripe_subscription_id, current: { plan, period } };
  }

  private retrieve(stripe: StripeClient, id: string) {
    return this.deps.atStripe('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id, { expand: ['schedule'] }));
  }

  /** Reads the subscription back from Stripe and keeps what it says. */
  async sync(subscriptionId: string): Promise<void> {
    const subscription = await this.retrieve(this.deps.stripe(), subscriptionId);
    await this.keep(subscriptionId, subscription);
  }

  private async keep(subscriptionId: string, subscription: Record<string, unknown>) {
    if (subscription.status === 'canceled') return;
    await repo.setSubscriptionState(
      this.deps.db,
      subscriptionId,
      stateOf(subscription, Math.floor(Date.now() / 1000)),
      new Date().toISOString(),
    );
  }

  /** A schedule waiting to change the plan is let go: the subscription goes on as it is. */
  private async release(stripe: StripeClient, subscription: StripeObject) {
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) await this.deps.atStripe('subscriptionSchedules.release', () => stripe.subscriptionSchedules.release(scheduleId));
  }

  /** The plan's price and its moms, as prices at Stripe (a subscription's items name a price). */
  private async prices(stripe: StripeClient, to: TPlanCheckoutRequest): Promise<string[]> {
    const amount = planPeriodAmount(to.plan, to.period);
    const name = planProductName(to.plan, to.period);
    const made = await Promise.all(
      [
        [amount, name],
        [vatOf(amount), 'Moms 25 %'],
      ].map(([unit_amount, productName]) =>
        this.deps.atStripe('prices.create', () =>
          stripe.prices.create({
            currency: 'dkk',
            unit_amount,
            recurring: { interval: interval(to.period) },
            product_data: { name: productName },
          }),
        ),
      ),
    );
    return made.map((price) => price.id);
  }

  async change(actor: TUser, to: TPlanCheckoutRequest, ip: string): Promise<void> {
    const { stripe, org, subscriptionId, current } = await this.subscribed(actor);
    if (org.subscription_cancel_at) throw new AppError('SUBSCRIPTION_CANCELLED', 409, 'billing.resumeFirst');
    if (current.plan === to.plan && current.period === to.period) throw new AppError('SAME_PLAN', 409, 'billing.samePlan');
    // A change waiting for the period's end is withdrawn first, by choice: replacing it here would
    // lose it if the new change then failed (a declined card).
    if (org.subscription_pending_plan) throw new AppError('CHANGE_WAITING', 409, 'billing.withdrawFirst');
    const timing = planChangeTiming(current, to);
    const subscription = await this.retrieve(stripe, subscriptionId);
    const prices = await this.prices(stripe, to);
    const metadata = {
      kind: 'plan',
      organisationId: org.id,
      plan: to.plan,
      period: to.period,
      unitAmount: String(planPeriodAmount(to.plan, to.period)),
    };
    const items = prices.map((price) => ({ price, quantity: 1 }));
    if (timing === 'now') {
      const old = list(record(subscription.items).data).map((item) => ({ id: item.id, deleted: true }));
      await this.deps.atStripe('subscriptions.update', () =>
        stripe.subscriptions.update(subscriptionId, {
          items: [...old, ...items],
          metadata,
          proration_behavior: 'always_invoice',
          // Nothing changes unless the difference is paid.
          payment_behavior: 'error_if_incomplete',
        }),
      );
    } else {
      const schedule = await this.deps.atStripe('subscriptionSchedules.create', () =>
        stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }),
      );
      const phase = list(schedule.phases)[0] ?? {};
      await this.deps.atStripe('subscriptionSchedules.update', () =>
        stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          phases: [
            {
              // As the prices are, not by their ids: Checkout's inline prices are archived, and a
              // phase takes only active ones.
              items: list(record(subscription.items).data).map((item) => {
                const price = record(item.price);
                return {
                  price_data: {
                    currency: price.currency,
                    product: idOf(price.product),
                    unit_amount: price.unit_amount,
                    recurring: { interval: record(price.recurring).interval },
                  },
                  quantity: item.quantity ?? 1,
                };
              }),
              start_date: phase.start_date,
              end_date: phase.end_date,
              metadata: record(subscription.metadata),
            },
            { items, metadata, duration: { interval: interval(to.period), interval_count: 1 }, proration_behavior: 'none' },
          ],
        }),
      );
    }
    await this.sync(subscriptionId);
    await this.deps.audit.record({
      organisationId: org.id,
      actor: actorOf(actor, ip),
      action: 'plan.change-requested',
      target: { type: 'organisation', id: org.id },
      details: { before: current, after: to, when: timing },
    });
  }

  /** The change waiting for the period's end is withdrawn. */
  async withdrawChange(actor: TUser, ip: string): Promise<void> {
    const { stripe, org, subscriptionId } = await this.subscribed(actor);
    if (!org.subscription_pending_plan) throw new AppError('NO_PENDING_CHANGE', 409, 'billing.noPendingChange');
    await this.release(stripe, await this.retrieve(stripe, subscriptionId));
    await this.sync(subscriptionId);
    await this.deps.audit.record({
      organisationId: org.id,
      actor: actorOf(actor, ip),
      action: 'plan.change-withdrawn',
      target: { type: 'organisation', id: org.id },
      details: { plan: org.subscription_pending_plan, period: org.subscription_pending_period },
    });
  }

  /** Ends the subscription at the period's end (a change waiting for then is dropped), or resumes it before. */
  async setCancelled(actor: TUser, cancel: boolean, ip: string): Promise<void> {
    const { stripe, org, subscriptionId } = await this.subscribed(actor);
    if (cancel === Boolean(org.subscription_cancel_at))
      throw new AppError(cancel ? 'ALREADY_CANCELLED' : 'NOT_CANCELLED', 409, cancel ? 'billing.alreadyCancelled' : 'billing.notCancelled');
    const current = await this.retrieve(stripe, subscriptionId);
    if (cancel) await this.release(stripe, current);
    // Resuming undoes the kind of end that is set: at the period's end (ours), or a date chosen in
    // Stripe's dashboard (`cancel_at`), which cancel_at_period_end: false alone would leave in place.
    const change = cancel || current.cancel_at_period_end ? { cancel_at_period_end: cancel } : { cancel_at: '' as const };
    const updated = await this.deps.atStripe('subscriptions.update', () => stripe.subscriptions.update(subscriptionId, change));
    await this.keep(subscriptionId, updated);
    await this.deps.audit.record({
      organisationId: org.id,
      actor: actorOf(actor, ip),
      action: cancel ? 'plan.cancelled' : 'plan.resumed',
      target: { type: 'organisation', id: org.id },
      details: { plan: org.plan, period: org.plan_period, paidUntil: org.plan_paid_until },
    });
  }

  /** What Stripe will invoice next and when; none for a subscription that ends. */
  async nextInvoice(actor: TUser): Promise<TNextInvoice> {
    if (actor.role !== 'admin') throw adminOnly();
    const org = (await repo.findOrganisation(this.deps.db, actor.organisationId))!;
    if (!org.stripe_subscription_id || !org.stripe_customer_id || org.subscription_cancel_at) return { next: null };
    const stripe = this.deps.stripe();
    const { stripe_customer_id: customer, stripe_subscription_id: subscription } = org;
    const preview = await this.deps.atStripe('invoices.createPreview', () => stripe.invoices.createPreview({ customer, subscription }));
    const total = wholeNumber(preview.total) ?? wholeNumber(preview.amount_due);
    const start = wholeNumber(record(list(record(preview.lines).data)[0]?.period).start);
    const date = wholeNumber(preview.next_payment_attempt) ?? start;
    if (total === null || date === null) {
      this.deps.log.warn({ subscription }, 'Stripe previewed the next invoice without a total or a date');
      return { next: null };
    }
    return { next: { total, currency: String(preview.currency ?? 'dkk').toUpperCase(), date: iso(date) } };
  }
}
