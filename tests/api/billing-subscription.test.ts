import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PRICES_ORE } from '../../src/shared/plans.ts';
import type { TBilling, TInvoiceSummary, TNextInvoice } from '../../src/shared/schemas/billing.ts';
import { vatOf } from '../../src/server/domains/commerce/billing/amounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { deliverToWebhook, OPERATOR_ENV, WEBHOOK_SECRET } from '../helpers/billing.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { FakeStripe, type Json } from '../helpers/fake-stripe.ts';

// Changing, cancelling and resuming a subscription through the official stripe library pointed at
// the fake Stripe: its subscription updates, schedules and previews, and the events it signs, which
// are what change the company's plan.

const withVat = (amount: number) => amount + vatOf(amount);

describe('changing, cancelling and resuming a subscription', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let c: Company;
  const events: { type: string; object: Json }[] = [];
  const deliver = deliverToWebhook(() => t.app);

  beforeAll(async () => {
    fake = await new FakeStripe({
      webhookSecret: WEBHOOK_SECRET,
      deliver: async (payload, signature) => {
        const event = JSON.parse(payload) as { type: string; data: { object: Json } };
        events.push({ type: event.type, object: event.data.object });
        return deliver(payload, signature);
      },
    }).start();
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_kursa', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, ...OPERATOR_ENV },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  const billing = async (who: Person = c.admin) => (await call(t, who, 'GET', '/api/billing')).json<TBilling>();
  const next = async () => (await call(t, c.admin, 'GET', '/api/billing/next-invoice')).json<TNextInvoice>().next;
  const invoices = async () => (await call(t, c.admin, 'GET', '/api/billing/invoices')).json<TInvoiceSummary[]>();
  const change = (plan: string, period: string, who: Person = c.admin) =>
    call(t, who, 'POST', '/api/billing/subscription/change', { plan, period });

  async function subscribe(plan: string, period: string): Promise<string> {
    c = await company(t);
    const res = await call(t, c.admin, 'POST', '/api/billing/checkout', { plan, period });
    const session = [...fake.sessions.values()].find((s) => s.url === res.json<{ url: string }>().url)!;
    await fake.complete(session.id);
    return session.subscription!;
  }

  it('the trial shows its end; without a subscription there is nothing to change', async () => {
    c = await company(t);
    const trial = await billing();
    expect(trial).toMatchObject({ plan: 'trial', renews: false, cancelAt: null, pendingChange: null });
    expect(Date.parse(trial.trialEndsAt!)).toBeGreaterThan(Date.now());
    expect((await change('starter', 'monthly')).statusCode).toBe(409);
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/cancel')).statusCode).toBe(409);
    expect(await next()).toBeNull();
  });

  it('a bigger plan now, charged pro rata and invoiced; the period paid for stays', async () => {
    await subscribe('professional', 'monthly');
    const before = await billing();
    expect(before).toMatchObject({ plan: 'professional', planPeriod: 'monthly', renews: true, trialEndsAt: null });
    expect(await next()).toEqual({ total: withVat(PLAN_PRICES_ORE.professional.monthly), currency: 'DKK', date: before.planPaidUntil });

    expect((await change('enterprise', 'monthly', c.learner)).statusCode).toBe(403);
    expect((await change('gold', 'monthly')).statusCode).toBe(400);
    expect((await change('professional', 'monthly')).statusCode).toBe(409);

    const res = await change('enterprise', 'monthly');
    expect(res.statusCode).toBe(200);
    expect(res.json<TBilling>()).toMatchObject({
      plan: 'enterprise',
      planPeriod: 'monthly',
      planPaidUntil: before.planPaidUntil,
      pendingChange: null,
    });
    const charged = events.filter((e) => e.type === 'invoice.paid').at(-1)!.object;
    expect(charged.billing_reason).toBe('subscription_update');
    const paid = charged.amount_paid as number;
    // The period has only just begun: nearly the whole difference, moms included.
    expect(paid).toBeGreaterThan(withVat(PLAN_PRICES_ORE.enterprise.monthly - PLAN_PRICES_ORE.professional.monthly) - 100);
    const [latest] = await invoices();
    expect(latest).toMatchObject({ total: paid, vat: paid - latest!.subtotal });
    expect(latest!.subtotal + vatOf(latest!.subtotal)).toBe(paid);
    expect(latest!.description).toMatch(/^Kursa Enterprise, månedligt abonnement, skift pro rata/);
    expect(await next()).toMatchObject({ total: withVat(PLAN_PRICES_ORE.enterprise.monthly) });

    // An invoice Stripe made before the upgrade, delivered late (a retry), pays but does not put Professional back.
    const first = events.find((e) => e.type === 'invoice.paid')!.object;
    const late = await fake.send('invoice.paid', { ...first, id: 'in_late_retry', created: (first.created as number) - 60 });
    expect(late.status).toBe(200);
    expect(await billing()).toMatchObject({ plan: 'enterprise', planPeriod: 'monthly' });
  });

  it('a declined card changes nothing', async () => {
    fake.book.declineNextCharge = true;
    const before = await invoices();
    const res = await change('enterprise', 'annual');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(await billing()).toMatchObject({ plan: 'enterprise', planPeriod: 'monthly' });
    expect(await invoices()).toHaveLength(before.length);
  });

  it('a smaller plan waits for the period to end; withdrawn, or taken at the renewal', async () => {
    const subscription = (await t.db
      .selectFrom('organisations')
      .select('stripe_subscription_id')
      .where('id', '=', c.admin.organisationId)
      .executeTakeFirstOrThrow())!.stripe_subscription_id!;
    const before = await billing();
    const res = await change('starter', 'monthly');
    expect(res.statusCode).toBe(200);
    expect(res.json<TBilling>()).toMatchObject({
      plan: 'enterprise',
      pendingChange: { plan: 'starter', period: 'monthly', from: before.planPaidUntil },
    });
    expect(await next()).toEqual({ total: withVat(PLAN_PRICES_ORE.starter.monthly), currency: 'DKK', date: before.planPaidUntil });

    const withdrawn = await call(t, c.admin, 'DELETE', '/api/billing/subscription/pending-change');
    expect(withdrawn.json<TBilling>()).toMatchObject({ plan: 'enterprise', pendingChange: null });
    expect((await call(t, c.admin, 'DELETE', '/api/billing/subscription/pending-change')).statusCode).toBe(409);
    expect(await next()).toMatchObject({ total: withVat(PLAN_PRICES_ORE.enterprise.monthly) });

    expect((await change('professional', 'monthly')).json<TBilling>().pendingChange).toMatchObject({ plan: 'professional' });
    // A second choice waits for the first to be withdrawn: nothing is lost if it then fails.
    expect((await change('starter', 'monthly')).json()).toMatchObject({ code: 'CHANGE_WAITING' });
    expect((await change('enterprise', 'annual')).json()).toMatchObject({ code: 'CHANGE_WAITING' });
    expect((await billing()).pendingChange).toMatchObject({ plan: 'professional' });
    await call(t, c.admin, 'DELETE', '/api/billing/subscription/pending-change');
    expect((await change('starter', 'monthly')).json<TBilling>().pendingChange).toMatchObject({ plan: 'starter' });
    const count = (await invoices()).length;
    await fake.renew(subscription);
    const after = await billing();
    expect(after).toMatchObject({ plan: 'starter', planPeriod: 'monthly', pendingChange: null, renews: true });
    expect(Date.parse(after.planPaidUntil!)).toBeGreaterThan(Date.parse(before.planPaidUntil!));
    const list = await invoices();
    expect(list).toHaveLength(count + 1);
    expect(list[0]).toMatchObject({ total: withVat(PLAN_PRICES_ORE.starter.monthly) });
    expect(list[0]!.description).toMatch(/^Kursa Starter, månedligt abonnement, /);
  });

  it('annual billing of the same plan starts a new year now; monthly billing again waits', async () => {
    const res = await change('starter', 'annual');
    expect(res.statusCode).toBe(200);
    const annual = res.json<TBilling>();
    expect(annual).toMatchObject({ plan: 'starter', planPeriod: 'annual', pendingChange: null });
    expect(Date.parse(annual.planPaidUntil!)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const back = (await change('starter', 'monthly')).json<TBilling>();
    expect(back).toMatchObject({ planPeriod: 'annual', pendingChange: { plan: 'starter', period: 'monthly', from: annual.planPaidUntil } });
  });

  it('cancelled at the period end (a waiting change dropped), resumed before it, and ended by Stripe at it', async () => {
    const subscription = [...fake.subscriptions.values()].find((s) => s.metadata.organisationId === c.admin.organisationId)!.id;
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/resume')).statusCode).toBe(409);
    const cancelled = await call(t, c.admin, 'POST', '/api/billing/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    const state = cancelled.json<TBilling>();
    expect(state).toMatchObject({ plan: 'starter', renews: false, pendingChange: null, cancelAt: state.planPaidUntil });
    expect(await next()).toBeNull();
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/cancel')).statusCode).toBe(409);
    expect((await change('enterprise', 'annual')).json()).toMatchObject({ code: 'SUBSCRIPTION_CANCELLED' });

    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/resume')).json<TBilling>()).toMatchObject({
      renews: true,
      cancelAt: null,
    });
    // Cancelled in Stripe's own dashboard: its event is read back.
    await fake.book.handle('POST', `/v1/subscriptions/${subscription}`, new URLSearchParams(), { cancel_at_period_end: 'true' });
    expect(await billing()).toMatchObject({ renews: false, cancelAt: state.planPaidUntil });
    // Resumed again, then given an end date in Stripe's dashboard (cancel_at): resuming takes that away too.
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/resume')).json<TBilling>()).toMatchObject({ renews: true });
    const endDate = Math.floor(Date.parse(state.planPaidUntil!) / 1000) - 86_400;
    await fake.book.handle('POST', `/v1/subscriptions/${subscription}`, new URLSearchParams(), { cancel_at: String(endDate) });
    expect(await billing()).toMatchObject({ renews: false, cancelAt: new Date(endDate * 1000).toISOString() });
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/resume')).json<TBilling>()).toMatchObject({
      renews: true,
      cancelAt: null,
    });
    expect(fake.subscriptions.get(subscription)).toMatchObject({ cancelAt: null, cancelAtPeriodEnd: false });
    await fake.book.handle('POST', `/v1/subscriptions/${subscription}`, new URLSearchParams(), { cancel_at_period_end: 'true' });
    await fake.renew(subscription);
    expect(await billing()).toMatchObject({ plan: 'starter', renews: false, cancelAt: null, planPaidUntil: state.planPaidUntil });
    expect((await call(t, c.admin, 'POST', '/api/billing/subscription/resume')).statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('organisation_id', '=', c.admin.organisationId)
      .where('action', 'in', ['plan.change-requested', 'plan.change-withdrawn', 'plan.cancelled', 'plan.resumed'])
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'plan.change-requested',
      'plan.change-requested',
      'plan.change-withdrawn',
      'plan.change-requested',
      'plan.change-withdrawn',
      'plan.change-requested',
      'plan.change-requested',
      'plan.change-requested',
      'plan.cancelled',
      'plan.resumed',
      'plan.resumed',
      'plan.resumed',
    ]);
    expect(new Set(audit.map((a) => a.actor_id))).toEqual(new Set([c.admin.id]));
  });

  it("another company's admin sees its own billing only", async () => {
    const other = await company(t);
    expect((await call(t, other.admin, 'DELETE', '/api/billing/subscription/pending-change')).statusCode).toBe(409);
    expect((await call(t, other.admin, 'GET', '/api/billing')).json<TBilling>().plan).toBe('trial');
    expect((await call(t, other.learner, 'GET', '/api/billing/next-invoice')).statusCode).toBe(403);
  });
});
