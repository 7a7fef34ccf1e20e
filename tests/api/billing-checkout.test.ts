import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PRICES_ORE } from '../../src/shared/plans.ts';
import type { TBilling, TInvoiceSummary } from '../../src/shared/schemas/billing.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { OPERATOR_ENV, WEBHOOK_SECRET } from '../helpers/billing.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { FakeStripe, signPayload } from '../helpers/fake-stripe.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// Payments end to end through the official stripe library pointed at the fake Stripe server
// (STRIPE_API_URL): checkout sessions as the library sends them, and events signed as Stripe signs
// them, checked by the library at POST /api/stripe/webhook.

describe('Stripe Checkout and webhooks through the stripe library', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let buyer: Company;
  let seller: Company;

  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  beforeAll(async () => {
    fake = await new FakeStripe({
      webhookSecret: WEBHOOK_SECRET,
      deliver: async (payload, signature) => {
        const res = await webhook(payload, signature);
        return { status: res.statusCode, body: res.body };
      },
    }).start();
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_kursa', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, ...OPERATOR_ENV },
    });
    buyer = await company(t, { companyName: 'Køber A/S' });
    seller = await company(t, { companyName: 'Sælger ApS' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('a plan: a subscription session with the price and moms as lines, the customer made once, fulfilled by the signed webhook', async () => {
    expect((await call(t, buyer.learner, 'POST', '/api/billing/checkout', { plan: 'starter', period: 'monthly' })).statusCode).toBe(403);
    expect((await call(t, buyer.admin, 'POST', '/api/billing/checkout', { plan: 'gold', period: 'monthly' })).statusCode).toBe(400);
    const res = await call(t, buyer.admin, 'POST', '/api/billing/checkout', { plan: 'starter', period: 'annual' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    const session = [...fake.sessions.values()].find((s) => s.url === url)!;
    const amount = PLAN_PRICES_ORE.starter.annual * 12;
    expect(session).toMatchObject({
      mode: 'subscription',
      success_url: 'http://localhost:5000/billing?checkout=success',
      metadata: { kind: 'plan', organisationId: buyer.admin.organisationId, plan: 'starter', period: 'annual' },
    });
    expect(session.line_items.map((l) => [l.unit_amount, l.interval])).toEqual([
      [amount, 'year'],
      [amount / 4, 'year'],
    ]);
    expect(fake.customers.size).toBe(1);
    const org = await t.db
      .selectFrom('organisations')
      .select('stripe_customer_id')
      .where('id', '=', buyer.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(session.customer).toBe(org.stripe_customer_id);

    // Nothing is granted before the payment.
    expect((await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>().plan).toBe('trial');
    const delivered = await fake.complete(session.id);
    expect(delivered.map((d) => d.status)).toEqual([200, 200]);
    expect((await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>()).toMatchObject({
      plan: 'starter',
      planPeriod: 'annual',
      renews: true,
      paymentsConfigured: true,
    });
    const invoices = (await call(t, buyer.admin, 'GET', '/api/billing/invoices')).json<TInvoiceSummary[]>();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ subtotal: amount, vat: amount / 4, total: amount + amount / 4 });

    // Replayed: answered 200, nothing changes.
    const replay = await webhook(delivered[0]!.payload, delivered[0]!.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, fulfilled: false });
    expect((await call(t, buyer.admin, 'GET', '/api/billing/invoices')).json<unknown[]>()).toHaveLength(1);

    // A second checkout while subscribed is refused.
    expect((await call(t, buyer.admin, 'POST', '/api/billing/checkout', { plan: 'enterprise', period: 'monthly' })).statusCode).toBe(409);

    // The company's admins hear of the payment once (the replay told nothing more); its learners do not.
    const told = (await call(t, buyer.admin, 'GET', '/api/notifications')).json<{ notifications: { kind: string; title: string }[] }>();
    expect(told.notifications.filter((n) => n.kind === 'payment-receipt')).toEqual([
      expect.objectContaining({
        title: `Payment received: ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'DKK' }).format((amount + amount / 4) / 100)}`,
      }),
    ]);
    expect((await call(t, buyer.learner, 'GET', '/api/notifications')).json<{ notifications: unknown[] }>().notifications).toEqual([]);

    // A renewal Stripe could not take: the admins hear of it, once however often Stripe says so.
    const failed = JSON.stringify({
      id: 'evt_payment_failed',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_failed_1', object: 'invoice', customer: org.stripe_customer_id, amount_due: amount + amount / 4 } },
    });
    expect((await webhook(failed, signPayload(failed, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await webhook(failed, signPayload(failed, WEBHOOK_SECRET))).json()).toEqual({ received: true, fulfilled: false });
    const after = (await call(t, buyer.admin, 'GET', '/api/notifications')).json<{
      notifications: { kind: string; title: string; link: string }[];
    }>();
    expect(after.notifications.filter((n) => n.kind === 'payment-failed')).toEqual([
      expect.objectContaining({ title: 'A payment failed', link: '/billing' }),
    ]);
  });

  it('records what Stripe reports of a company’s plan and payments, and an admin’s billing details, in its audit log', async () => {
    const c = await company(t, { companyName: 'Revideret ApS' });
    const org = c.admin.organisationId;
    const entries = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select(['action', 'actor_id', 'details'])
          .where('organisation_id', '=', org)
          .where((eb) => eb.or([eb('action', 'like', 'plan.%'), eb('action', 'like', 'billing.%')]))
          .orderBy('seq')
          .execute()
      ).map((e) => ({ action: e.action, actor: e.actor_id, details: JSON.parse(e.details) as Record<string, unknown> }));
    const res = await call(t, c.admin, 'POST', '/api/billing/checkout', { plan: 'professional', period: 'monthly' });
    const session = [...fake.sessions.values()].find((s) => s.url === res.json<{ url: string }>().url)!;
    const [completed] = await fake.complete(session.id);
    const subscription = session.subscription!;
    expect(await entries()).toEqual([
      {
        action: 'plan.changed',
        actor: null,
        details: {
          before: { plan: 'trial', period: null },
          after: { plan: 'professional', period: 'monthly' },
          stripeEvent: expect.any(String),
        },
      },
      {
        action: 'billing.paid',
        actor: null,
        details: expect.objectContaining({ kind: 'subscription', currency: 'DKK', invoice: expect.any(Number) }),
      },
    ]);
    // Replayed: nothing more. A renewal pays, the plan stays; the end of the subscription is recorded.
    await webhook(completed!.payload, completed!.signature);
    await fake.renew(subscription);
    await fake.cancel(subscription);
    expect((await entries()).map((e) => e.action)).toEqual(['plan.changed', 'billing.paid', 'billing.paid', 'plan.subscription-ended']);

    expect((await call(t, c.admin, 'PATCH', '/api/billing/settings', { ean: '5790000000005' })).statusCode).toBe(200);
    expect((await call(t, c.admin, 'PATCH', '/api/billing/settings', { ean: '5790000000005' })).statusCode).toBe(200);
    const changed = (await entries()).filter((e) => e.action === 'billing.changed');
    expect(changed).toEqual([
      { action: 'billing.changed', actor: c.admin.id, details: { before: { ean: null }, after: { ean: '5790000000005' } } },
    ]);
  });

  it('a bad signature answers 400 and changes nothing', async () => {
    const course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, { pricing: 'paid', price: 10_000 });
    const res = await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/checkout`, { for: 'self' });
    expect(res.statusCode).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.url === res.json<{ url: string }>().url)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: { object: session },
    });
    for (const signature of [signPayload(payload, 'whsec_wrong'), 't=1,v1=deadbeef', 'garbage']) {
      const answer = await webhook(payload, signature);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    }
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(await t.db.selectFrom('stripe_events').selectAll().where('id', '=', 'evt_forged').execute()).toEqual([]);
    expect((await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(409);
    // Signed properly, the same event enrols the buyer.
    expect((await webhook(payload, signPayload(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(200);
  });

  it('seats for a company and concurrent webhooks: one unbroken sequence of invoice numbers', async () => {
    const course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, {
      pricing: 'paid',
      price: 12_345,
      title: 'Ærø og Æbler',
    });
    expect((await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/checkout`, { for: 'company', seats: 3 })).statusCode).toBe(403);
    expect((await call(t, seller.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'self' })).statusCode).toBe(409);
    const urls: string[] = [];
    for (let i = 0; i < 8; i++)
      urls.push(
        (await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'company', seats: 3 })).json<{ url: string }>()
          .url,
      );
    const sessions = urls.map((u) => [...fake.sessions.values()].find((s) => s.url === u)!);
    expect(sessions[0]!.line_items.map((l) => [l.quantity, l.unit_amount])).toEqual([
      [3, 12_345],
      [1, 9_259],
    ]);
    const results = await Promise.all(sessions.map((s) => fake.complete(s.id)));
    expect(results.flat().map((r) => r.status)).toEqual(Array(8).fill(200));
    const numbers = await t.db
      .selectFrom('invoices')
      .select('number')
      .where('seller_key', '=', seller.admin.organisationId)
      .orderBy('number')
      .execute();
    expect(numbers.map((n) => Number(n.number))).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
    const seats = await t.db.selectFrom('course_seats').selectAll().where('course_id', '=', course.id).executeTakeFirstOrThrow();
    expect(seats.seats).toBe(24);
  });

  it('a refusal by Stripe answers 502 in our words, not as if the request were at fault, and changes nothing', async () => {
    const other = await company(t, { companyName: 'Skiftet Nøgle ApS' });
    // A customer made with another key (test mode, then live): Stripe no longer knows it.
    await t.db
      .updateTable('organisations')
      .set({ stripe_customer_id: 'cus_from_another_mode' })
      .where('id', '=', other.admin.organisationId)
      .execute();
    const sessions = fake.sessions.size;
    const res = await call(t, other.admin, 'POST', '/api/billing/checkout', { plan: 'starter', period: 'monthly' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_PROVIDER_FAILED',
      message: 'The payment could not be started at Stripe. Please try again shortly.',
    });
    expect(fake.sessions.size).toBe(sessions);
    const org = await t.db
      .selectFrom('organisations')
      .select(['plan', 'stripe_subscription_id'])
      .where('id', '=', other.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ plan: 'trial', stripe_subscription_id: null });
  });

  it('a purchase above what Stripe takes in one payment is refused with 400 before Stripe is asked', async () => {
    const course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, {
      pricing: 'paid',
      price: 50_000_000,
      title: 'Direktionsforløb',
    });
    const before = fake.requests.length;
    const seats = await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'company', seats: 2 });
    expect(seats.statusCode).toBe(400);
    expect(seats.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', errors: { seats: expect.stringContaining('999,999.99') } });
    const self = await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'self' });
    expect(self.statusCode).toBe(200);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('refuses to start a plan checkout while the seller is not set up', async () => {
    const bare = await buildTestApp(t.database, {
      env: { STRIPE_SECRET_KEY: 'sk_test_kursa', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    try {
      const other = await company({ ...t, app: bare });
      const res = await bare.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        payload: { plan: 'starter', period: 'monthly' },
        headers: { cookie: other.admin.cookie, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SELLER_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });
});
