import { randomBytes } from 'node:crypto';

/**
 * The fake Stripe's subscriptions (tests/helpers/fake-stripe.ts): prices, subscriptions with their
 * items, updates charged pro rata, cancellation at the period's end, subscription schedules and
 * the next invoice's preview, with the events Stripe sends for each. Amounts are what Stripe
 * would charge: the unused part of the old items credited, the new items charged for the rest of
 * the period (or a whole new period when the interval changes, which restarts the cycle).
 */

export type Json = Record<string, unknown>;
type Interval = 'month' | 'year';
type Send = (type: string, object: Json) => Promise<unknown>;
type Answer = { status: number; json: unknown };

export interface FakePrice extends Json {
  id: string;
  object: 'price';
  /** Checkout's inline prices (price_data) are archived: a schedule's phase does not take them by id. */
  active: boolean;
  unit_amount: number;
  currency: string;
  recurring: { interval: Interval };
  product: string;
}

interface Item {
  id: string;
  price: FakePrice;
  quantity: number;
}

interface Phase {
  start_date: number;
  end_date: number | null;
  items: { price: string; quantity: number }[];
  metadata: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  customer: string | null;
  metadata: Record<string, string>;
  items: Item[];
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** A moment to end at other than the period's end (`cancel_at`, as Stripe's dashboard sets it). */
  cancelAt: number | null;
  schedule: string | null;
}

interface Schedule {
  id: string;
  subscription: string;
  status: 'active' | 'released';
  phases: Phase[];
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

export function addInterval(unix: number, interval: Interval): number {
  const d = new Date(unix * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

const missing = (what: string, id: string): Answer => ({
  status: 404,
  json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } },
});
const invalid = (message: string): Answer => ({ status: 400, json: { error: { type: 'invalid_request_error', message } } });

export class FakeSubscriptionBook {
  readonly prices = new Map<string, FakePrice>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly schedules = new Map<string, Schedule>();
  /** Subscriptions cancelled at once through the API (DELETE /v1/subscriptions/:id), in order. */
  readonly cancelled: string[] = [];
  /** Set to make the next charge of a subscription update fail as a declined card does. */
  declineNextCharge = false;
  private readonly send: Send;

  constructor(send: Send) {
    this.send = send;
  }

  price(currency: string, unitAmount: number, interval: Interval, name: string, active = true): FakePrice {
    const price: FakePrice = {
      id: newId('price'),
      object: 'price',
      active,
      unit_amount: unitAmount,
      currency,
      recurring: { interval },
      product: newId('prod'),
      nickname: name,
    };
    this.prices.set(price.id, price);
    return price;
  }

  /** A subscription Checkout made: its items, its first period starting now. */
  start(customer: string | null, metadata: Record<string, string>, prices: FakePrice[]): FakeSubscription {
    const subscription: FakeSubscription = {
      id: newId('sub'),
      customer,
      metadata,
      items: prices.map((price) => ({ id: newId('si'), price, quantity: 1 })),
      periodStart: unixNow(),
      periodEnd: unixNow(),
      cancelAtPeriodEnd: false,
      cancelAt: null,
      schedule: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  total(items: { price: FakePrice; quantity: number }[]): number {
    return items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  }

  interval(subscription: FakeSubscription): Interval {
    return subscription.items[0]?.price.recurring.interval ?? 'month';
  }

  json(subscription: FakeSubscription, expandSchedule: boolean): Json {
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : undefined;
    return {
      id: subscription.id,
      object: 'subscription',
      status: 'active',
      customer: subscription.customer,
      metadata: subscription.metadata,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : subscription.cancelAt,
      schedule: schedule ? (expandSchedule ? this.scheduleJson(schedule) : schedule.id) : null,
      items: {
        object: 'list',
        data: subscription.items.map((item) => ({
          id: item.id,
          object: 'subscription_item',
          price: item.price,
          quantity: item.quantity,
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
        })),
      },
    };
  }

  private scheduleJson(schedule: Schedule): Json {
    return {
      id: schedule.id,
      object: 'subscription_schedule',
      status: schedule.status,
      subscription: schedule.status === 'released' ? null : schedule.subscription,
      released_subscription: schedule.status === 'released' ? schedule.subscription : null,
      phases: schedule.phases.map((phase) => ({
        ...phase,
        items: phase.items.map((item) => ({ price: item.price, quantity: item.quantity })),
      })),
    };
  }

  /** The next period's invoice for a subscription, moving its period on (a renewal or the first). */
  invoice(subscription: FakeSubscription, reason: string, amount = this.total(subscription.items), lines?: Json[]): Json {
    const start = subscription.periodEnd;
    const end = addInterval(start, this.interval(subscription));
    if (!lines) {
      subscription.periodStart = start;
      subscription.periodEnd = end;
    }
    return {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: reason,
      customer: subscription.customer,
      currency: subscription.items[0]?.price.currency ?? 'dkk',
      amount_paid: Math.max(0, amount),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: 'list', data: lines ?? [{ id: newId('il'), period: { start, end }, amount }] },
      created: unixNow(),
    };
  }

  /**
   * The period's end: a subscription cancelled at it ends (customer.subscription.deleted); else a
   * schedule's next phase starts (its items and metadata) and the period is invoiced.
   */
  async renew(id: string): Promise<unknown> {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    if (subscription.cancelAtPeriodEnd || (subscription.cancelAt !== null && subscription.cancelAt <= subscription.periodEnd)) {
      this.subscriptions.delete(subscription.id);
      return this.end(subscription);
    }
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : undefined;
    const next = schedule?.phases.find((phase) => phase.start_date >= subscription.periodEnd);
    if (schedule && next) {
      subscription.items = next.items.map((item) => ({ id: newId('si'), price: this.prices.get(item.price)!, quantity: item.quantity }));
      subscription.metadata = next.metadata;
      schedule.status = 'released';
      subscription.schedule = null;
    }
    const delivered = await this.send('invoice.paid', this.invoice(subscription, 'subscription_cycle'));
    if (schedule && next) await this.send('subscription_schedule.released', this.scheduleJson(schedule));
    return delivered;
  }

  /**
   * Stripe's event for a subscription that ended (cancelled in its dashboard, or at the period's
   * end). The book keeps a subscription ended this way, so a test may still renew it to make
   * another invoice.
   */
  end(subscription: FakeSubscription): Promise<unknown> {
    return this.send('customer.subscription.deleted', {
      id: subscription.id,
      object: 'subscription',
      status: 'canceled',
      customer: subscription.customer,
      metadata: subscription.metadata,
    });
  }

  /** The API's subscription, price, schedule and preview calls; null for a path not theirs. */
  async handle(method: string, path: string, query: URLSearchParams, form: Json): Promise<Answer | null> {
    if (method === 'POST' && path === '/v1/prices') {
      const recurring = form.recurring as Json | undefined;
      const name = String((form.product_data as Json | undefined)?.name ?? '');
      return { status: 200, json: this.price(String(form.currency), Number(form.unit_amount), recurring?.interval as Interval, name) };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const subscription = this.subscriptions.get(sub[1]!);
      if (!subscription) return missing('subscription', sub[1]!);
      if (method === 'GET') {
        const expand = [...query].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
        return { status: 200, json: this.json(subscription, expand.includes('schedule')) };
      }
      if (method === 'DELETE') {
        this.subscriptions.delete(subscription.id);
        this.cancelled.push(subscription.id);
        return { status: 200, json: { id: subscription.id, object: 'subscription', status: 'canceled', customer: subscription.customer } };
      }
      if (method === 'POST') return this.update(subscription, form);
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') return this.schedule(String(form.from_subscription));
    const sched = /^\/v1\/subscription_schedules\/([^/]+?)(\/release)?$/.exec(path);
    if (method === 'POST' && sched) {
      const schedule = this.schedules.get(sched[1]!);
      if (!schedule || schedule.status !== 'active') return missing('subscription schedule', sched[1]!);
      if (sched[2]) {
        schedule.status = 'released';
        const subscription = this.subscriptions.get(schedule.subscription);
        if (subscription) subscription.schedule = null;
        await this.send('subscription_schedule.released', this.scheduleJson(schedule));
        return { status: 200, json: this.scheduleJson(schedule) };
      }
      schedule.phases = ((form.phases as Json[] | undefined) ?? []).map((phase, index) => {
        const previous = index > 0 ? ((form.phases as Json[])[index - 1] as Json) : null;
        const start = phase.start_date ? Number(phase.start_date) : Number(previous?.end_date);
        const duration = phase.duration as Json | undefined;
        return {
          start_date: start,
          end_date: phase.end_date ? Number(phase.end_date) : duration ? addInterval(start, duration.interval as Interval) : null,
          items: ((phase.items as Json[] | undefined) ?? []).map((item) => {
            // A phase's item names an active price, or describes one (price_data), as Stripe takes it.
            const data = item.price_data as Json | undefined;
            const price = data
              ? this.price(
                  String(data.currency),
                  Number(data.unit_amount),
                  (data.recurring as Json).interval as Interval,
                  String(data.product),
                )
              : this.prices.get(String(item.price));
            return { price: price?.active ? price.id : `inactive:${String(item.price)}`, quantity: Number(item.quantity ?? 1) };
          }),
          metadata: (phase.metadata as Record<string, string> | undefined) ?? {},
        };
      });
      if (schedule.phases.some((phase) => phase.items.some((item) => !this.prices.has(item.price))))
        return invalid('This field only accepts active prices (a phase item names an archived or unknown price)');
      await this.send('subscription_schedule.updated', this.scheduleJson(schedule));
      return { status: 200, json: this.scheduleJson(schedule) };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') return this.preview(String(form.subscription));
    return null;
  }

  private schedule(subscriptionId: string): Answer {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return missing('subscription', subscriptionId);
    if (subscription.schedule) return invalid(`The subscription is already managed by the subscription schedule ${subscription.schedule}`);
    const schedule: Schedule = {
      id: newId('sub_sched'),
      subscription: subscription.id,
      status: 'active',
      phases: [
        {
          start_date: subscription.periodStart,
          end_date: subscription.periodEnd,
          items: subscription.items.map((item) => ({ price: item.price.id, quantity: item.quantity })),
          metadata: subscription.metadata,
        },
      ],
    };
    this.schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return { status: 200, json: this.scheduleJson(schedule) };
  }

  private async update(subscription: FakeSubscription, form: Json): Promise<Answer> {
    if (form.cancel_at_period_end !== undefined) {
      if (subscription.schedule) return invalid('The subscription is managed by a subscription schedule: release it first');
      subscription.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
    }
    // An empty value unsets it, as Stripe's API has it.
    if (form.cancel_at !== undefined) {
      if (subscription.schedule) return invalid('The subscription is managed by a subscription schedule: release it first');
      subscription.cancelAt = form.cancel_at === '' ? null : Number(form.cancel_at);
    }
    const items = form.items as Json[] | undefined;
    if (items) {
      if (subscription.schedule) return invalid('The subscription is managed by a subscription schedule: release it first');
      const kept = subscription.items.filter((item) => !items.some((i) => i.id === item.id && i.deleted === 'true'));
      const added = items
        .filter((i) => i.price)
        .map((i) => ({ id: newId('si'), price: this.prices.get(String(i.price))!, quantity: Number(i.quantity ?? 1) }));
      if (added.some((item) => !item.price)) return invalid('No such price');
      if (this.declineNextCharge) {
        this.declineNextCharge = false;
        return {
          status: 402,
          json: {
            error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
          },
        };
      }
      const next = [...kept, ...added];
      const t = unixNow();
      const oldInterval = this.interval(subscription);
      const newInterval = next[0]!.price.recurring.interval;
      const remaining = Math.max(0, subscription.periodEnd - t) / Math.max(1, subscription.periodEnd - subscription.periodStart);
      const credit = Math.round(this.total(subscription.items) * remaining);
      const restart = newInterval !== oldInterval;
      const charge = restart ? this.total(next) : Math.round(this.total(next) * remaining);
      const oldEnd = subscription.periodEnd;
      subscription.items = next;
      if (form.metadata) subscription.metadata = form.metadata as Record<string, string>;
      if (restart) {
        subscription.periodStart = t;
        subscription.periodEnd = addInterval(t, newInterval);
      }
      if (form.proration_behavior === 'always_invoice') {
        const lines = [
          { id: newId('il'), period: { start: t, end: oldEnd }, amount: -credit },
          { id: newId('il'), period: { start: t, end: subscription.periodEnd }, amount: charge },
        ];
        await this.send('invoice.paid', this.invoice(subscription, 'subscription_update', charge - credit, lines));
      }
    } else if (form.metadata) subscription.metadata = form.metadata as Record<string, string>;
    await this.send('customer.subscription.updated', this.json(subscription, false));
    return { status: 200, json: this.json(subscription, false) };
  }

  /** The next invoice: at the period's end, the items then in force (a schedule's next phase). */
  private preview(subscriptionId: string): Answer {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return missing('subscription', subscriptionId);
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : undefined;
    const next = schedule?.phases.find((phase) => phase.start_date >= subscription.periodEnd);
    const items = next ? next.items.map((item) => ({ price: this.prices.get(item.price)!, quantity: item.quantity })) : subscription.items;
    const start = subscription.periodEnd;
    return {
      status: 200,
      json: {
        id: newId('upcoming_in'),
        object: 'invoice',
        status: 'draft',
        customer: subscription.customer,
        currency: items[0]?.price.currency ?? 'dkk',
        total: this.total(items),
        amount_due: this.total(items),
        next_payment_attempt: start,
        lines: { object: 'list', data: [{ period: { start, end: addInterval(start, items[0]!.price.recurring.interval) } }] },
      },
    };
  }
}
