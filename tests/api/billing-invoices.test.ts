import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PRICES_ORE } from '../../src/shared/plans.ts';
import { amountsOf, vatOf } from '../../src/server/domains/commerce/billing/amounts.ts';
import type { Fulfilment } from '../../src/server/domains/commerce/billing/fulfilment.ts';
import type { TBilling, TInvoiceSummary } from '../../src/shared/schemas/billing.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { courseMetadata, fulfilmentStripe, OPERATOR, paymentSession, planMetadata, subscriptionSession } from '../helpers/billing.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// What the signed webhook's events do once the library has checked them: plans, paid
// courses and seats, payments, invoices with unbroken numbers per seller, moms in øre, the PDF,
// and revenue. The events come from the fake Stripe (tests/helpers/fake-stripe.ts).

let t: TestApp;
let fake: FakeStripe;
let fulfilment: Fulfilment;
let buyer: Company;
let seller: Company;

beforeAll(async () => {
  t = await createTestApp();
  ({ fake, fulfilment } = await fulfilmentStripe(t));
  buyer = await company(t, { companyName: 'Køber Kommune' });
  seller = await company(t, { companyName: 'Sælger Akademi ApS' });
});
afterAll(async () => {
  await fake.stop();
  await t.close();
});

async function pdfText(who: Company['admin'], invoiceId: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf`, headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text;
}

const invoices = async (who: Company['admin']) => (await call(t, who, 'GET', '/api/billing/invoices')).json<TInvoiceSummary[]>();

describe('moms in øre', () => {
  it('is 25 % of the subtotal, rounded half up to a whole øre, once per invoice', () => {
    expect(vatOf(0)).toBe(0);
    expect(vatOf(1)).toBe(0);
    expect(vatOf(2)).toBe(1);
    expect(vatOf(3)).toBe(1);
    expect(vatOf(6)).toBe(2);
    expect(vatOf(19_900)).toBe(4_975);
    expect(vatOf(19_999)).toBe(5_000);
    expect(amountsOf(333, 3)).toEqual({ subtotal: 999, vat: 250, total: 1_249 });
    expect(amountsOf(12_345, 7)).toEqual({ subtotal: 86_415, vat: 21_604, total: 108_019 });
    expect(() => vatOf(1.5)).toThrow(RangeError);
    expect(() => vatOf(-1)).toThrow(RangeError);
  });
});

describe('subscriptions', () => {
  let subscriptionId: string;

  it('activates the plan from the completed checkout and issues one invoice for the first period', async () => {
    const amount = PLAN_PRICES_ORE.professional.annual * 12;
    const session = subscriptionSession(
      fake,
      planMetadata(buyer.admin.organisationId, 'professional', 'annual', amount),
      amount,
      vatOf(amount),
      'year',
    );
    const delivered = await fake.complete(String(session.id));
    expect(delivered.map((d) => JSON.parse(d.body) as unknown)).toEqual([
      { received: true, fulfilled: true },
      { received: true, fulfilled: true },
    ]);
    subscriptionId = fake.sessions.get(String(session.id))!.subscription!;

    const billing = (await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>();
    expect(billing).toMatchObject({ plan: 'professional', planPeriod: 'annual', renews: true, paymentsConfigured: false });
    const year = new Date();
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(Math.abs(Date.parse(billing.planPaidUntil!) - year.getTime())).toBeLessThan(86_400_000);

    // checkout.session.completed and invoice.paid name the same Stripe invoice: one payment.
    const list = await invoices(buyer.admin);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      number: 1,
      sellerName: OPERATOR.name,
      currency: 'DKK',
      subtotal: 358_800,
      vat: 89_700,
      total: 448_500,
    });
    const payments = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('buyer_organisation_id', '=', buyer.admin.organisationId)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'subscription',
      plan: 'professional',
      plan_period: 'annual',
      seller_organisation_id: null,
      stripe_subscription_id: subscriptionId,
    });
  });

  it('a replayed event changes nothing', async () => {
    const before = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const payload = (await fake.renew(subscriptionId)).payload;
    const event = JSON.parse(payload) as Parameters<Fulfilment['fulfil']>[0];
    expect(await fulfilment.fulfil(event)).toBe(false);
    expect(await fulfilment.fulfil(event)).toBe(false);
    const after = await t.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('a renewal moves the end of the period on and is invoiced with the next number', async () => {
    const before = (await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>().planPaidUntil!;
    await fake.renew(subscriptionId);
    const after = (await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>().planPaidUntil!;
    expect(new Date(after).getUTCFullYear()).toBe(new Date(before).getUTCFullYear() + 1);
    expect((await invoices(buyer.admin)).map((i) => i.number)).toEqual([3, 2, 1]);
  });

  it('a cancelled subscription stops renewing; the plan runs to the end of the period paid for', async () => {
    const before = (await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>();
    await fake.cancel(subscriptionId);
    const after = (await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>();
    expect(after).toMatchObject({ plan: 'professional', renews: false, planPaidUntil: before.planPaidUntil });
  });

  it('the invoice PDF is Danish: seller and buyer with CVR, the EAN when given, moms on its own line', async () => {
    const ean = await call(t, buyer.admin, 'PATCH', '/api/billing/settings', { ean: '5798000416604' });
    expect(ean.statusCode).toBe(200);
    expect(ean.json<TBilling>().ean).toBe('5798000416604');
    expect((await call(t, buyer.admin, 'PATCH', '/api/billing/settings', { ean: '57980004' })).statusCode).toBe(400);
    expect((await call(t, buyer.learner, 'PATCH', '/api/billing/settings', { ean: '5798000416604' })).statusCode).toBe(403);
    // Invoices keep the buyer as it was when issued: the EAN shows from the next one on.
    await fake.renew(subscriptionId);
    const [latest, , , first] = await invoices(buyer.admin);
    const text = await pdfText(buyer.admin, latest!.id);
    const org = await t.db.selectFrom('organisations').selectAll().where('id', '=', buyer.admin.organisationId).executeTakeFirstOrThrow();
    expect(text).toContain('Faktura');
    expect(text).toContain(`Fakturanr. ${latest!.number}`);
    expect(text).toContain('Køber Kommune');
    expect(text).toContain(`CVR-nr. ${org.cvr}`);
    expect(text).toContain(`CVR-nr. ${OPERATOR.cvr}`);
    expect(text).toContain('Åboulevarden 1');
    expect(text).toContain('EAN-nr. 5798000416604');
    expect(text).toContain('Subtotal ekskl. moms');
    expect(text).toContain('3.588,00 DKK');
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('897,00 DKK');
    expect(text).toContain('Total inkl. moms');
    expect(text).toContain('4.485,00 DKK');
    expect(await pdfText(buyer.admin, first!.id)).not.toContain('EAN-nr.');
  });

  it("another company's invoice answers 404", async () => {
    const [one] = await invoices(buyer.admin);
    expect((await call(t, seller.admin, 'GET', `/api/billing/invoices/${one!.id}/pdf`)).statusCode).toBe(404);
    expect(await invoices(seller.admin)).toEqual([]);
    // A learner of the buying company sees only their own purchases.
    expect(await invoices(buyer.learner)).toEqual([]);
    expect((await call(t, buyer.learner, 'GET', `/api/billing/invoices/${one!.id}/pdf`)).statusCode).toBe(404);
  });
});

describe('paid courses', () => {
  let course: { id: string; slug: string };

  beforeAll(async () => {
    course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, {
      title: 'Dansk bogføring',
      pricing: 'paid',
      price: 49_999,
    });
  });

  it('bought for oneself: enrolled on payment, invoiced by the course company with the odd øre rounded', async () => {
    expect((await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(409);
    const { vat } = amountsOf(49_999, 1);
    const session = paymentSession(
      fake,
      courseMetadata({
        organisationId: buyer.learner.organisationId,
        userId: buyer.learner.id,
        courseId: course.id,
        buyFor: 'self',
        quantity: 1,
        unitAmount: 49_999,
      }),
      49_999,
      1,
      vat,
    );
    await fake.complete(String(session.id));
    expect((await call(t, buyer.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(200);
    const mine = await invoices(buyer.learner);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ number: 1, sellerName: 'Sælger Akademi ApS', subtotal: 49_999, vat: 12_500, total: 62_499 });
    const text = await pdfText(buyer.learner, mine[0]!.id);
    expect(text).toContain('Kursus: Dansk bogføring');
    expect(text).toContain('125,00 DKK');
    expect(text).toContain('624,99 DKK');
  });

  it('seats for a company: its members enrol up to the number bought', async () => {
    const session = paymentSession(
      fake,
      courseMetadata({
        organisationId: buyer.admin.organisationId,
        userId: buyer.admin.id,
        courseId: course.id,
        buyFor: 'company',
        quantity: 2,
        unitAmount: 49_999,
      }),
      49_999,
      2,
      vatOf(99_998),
    );
    await fake.complete(String(session.id));
    const seats = await t.db
      .selectFrom('course_seats')
      .selectAll()
      .where('organisation_id', '=', buyer.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(seats).toMatchObject({ seats: 2, used: 0 });
    expect((await call(t, buyer.instructor, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
    // Asking again takes no second seat.
    expect((await call(t, buyer.instructor, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(200);
    expect((await call(t, buyer.otherInstructor, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
    expect((await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(409);
    const used = await t.db
      .selectFrom('course_seats')
      .select('used')
      .where('organisation_id', '=', buyer.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(used.used).toBe(2);
    // What the course page's Buy shows.
    expect((await call(t, buyer.admin, 'GET', `/api/courses/${course.id}/purchase`)).json()).toEqual({
      paymentsConfigured: false,
      own: false,
      enrolled: false,
      seats: { seats: 2, used: 2 },
    });
    expect((await call(t, buyer.instructor, 'GET', `/api/courses/${course.id}/purchase`)).json()).toMatchObject({
      own: false,
      enrolled: true,
    });
    expect((await call(t, seller.learner, 'GET', `/api/courses/${course.id}/purchase`)).json()).toEqual({
      paymentsConfigured: false,
      own: true,
      enrolled: false,
      seats: null,
    });
    expect((await call(t, buyer.admin, 'GET', '/api/courses/no-such-course/purchase')).statusCode).toBe(404);
  });

  it('invoice numbers per seller stay unbroken under parallel payments', async () => {
    const sessions = Array.from({ length: 12 }, () =>
      paymentSession(
        fake,
        courseMetadata({
          organisationId: buyer.admin.organisationId,
          userId: buyer.admin.id,
          courseId: course.id,
          buyFor: 'company',
          quantity: 1,
          unitAmount: 49_999,
        }),
        49_999,
        1,
        vatOf(49_999),
      ),
    );
    const results = await Promise.all(sessions.map((s) => fake.complete(String(s.id))));
    expect(results.flat().every((r) => r.status === 200)).toBe(true);
    const numbers = await t.db
      .selectFrom('invoices')
      .select('number')
      .where('seller_key', '=', seller.admin.organisationId)
      .orderBy('number')
      .execute();
    expect(numbers.map((n) => Number(n.number))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    // The operator's own sequence is apart from the course company's.
    const operator = await t.db.selectFrom('invoices').select('number').where('seller_key', '=', 'operator').orderBy('number').execute();
    expect(operator.map((n) => Number(n.number))).toEqual([1, 2, 3, 4]);
  });

  it("revenue is the course's payments without moms", async () => {
    const stats = await call(t, seller.instructor, 'GET', `/api/instructors/${seller.instructor.id}/stats`);
    expect(stats.json<{ totalRevenue: number }>().totalRevenue).toBe(49_999 * 15);
    const courses = (await call(t, seller.instructor, 'GET', `/api/instructors/${seller.instructor.id}/courses`)).json<
      { id: string; revenue: number }[]
    >();
    expect(courses.find((c) => c.id === course.id)?.revenue).toBe(49_999 * 15);
    const analytics = (await call(t, seller.admin, 'GET', `/api/instructors/${seller.instructor.id}/analytics`)).json<{
      totalRevenue: number;
      coursePerformance: { courseId: string; revenue: number }[];
    }>();
    expect(analytics.totalRevenue).toBe(49_999 * 15);
    expect(analytics.coursePerformance.find((c) => c.courseId === course.id)?.revenue).toBe(49_999 * 15);
    // Subscriptions are the operator's revenue, not an instructor's.
    const other = (await call(t, seller.otherInstructor, 'GET', `/api/instructors/${seller.otherInstructor.id}/stats`)).json<{
      totalRevenue: number;
    }>();
    expect(other.totalRevenue).toBe(0);
  });
});

describe('without Stripe configured', () => {
  it('paid actions answer 503 PAYMENTS_NOT_CONFIGURED', async () => {
    const plan = await call(t, buyer.admin, 'POST', '/api/billing/checkout', { plan: 'starter', period: 'monthly' });
    expect(plan.statusCode).toBe(503);
    expect(plan.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED', message: 'Payments are not set up on this installation.' });
    const course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, { pricing: 'paid', price: 10_000 });
    expect((await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'self' })).statusCode).toBe(503);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(hook.statusCode).toBe(503);
    expect((await call(t, buyer.admin, 'GET', '/api/billing')).json<TBilling>().paymentsConfigured).toBe(false);
  });

  it('bad input is refused with 400 and a message, before anything else', async () => {
    const plan = await call(t, buyer.admin, 'POST', '/api/billing/checkout', { plan: 'gold', period: 'weekly' });
    expect(plan.statusCode).toBe(400);
    expect(plan.json<{ errors: Record<string, string> }>().errors).toEqual({
      plan: 'Choose Starter, Professional or Enterprise.',
      period: 'Choose monthly or annual billing.',
    });
    const course = await insertCourse(t.db, seller.admin.organisationId, seller.instructor.id, { pricing: 'paid', price: 10_000 });
    for (const body of [
      { for: 'company', seats: 0 },
      { for: 'company', seats: 1.5 },
      { for: 'company', seats: 1001 },
    ]) {
      const res = await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors.seats).toBe(
        'The number of seats must be a whole number from 1 to 1,000.',
      );
    }
    expect((await call(t, buyer.admin, 'POST', `/api/courses/${course.id}/checkout`, { for: 'nobody' })).statusCode).toBe(400);
    expect(
      (await call(t, buyer.admin, 'PATCH', '/api/billing/settings', { ean: '579800041660x' })).json<{ errors: Record<string, string> }>()
        .errors.ean,
    ).toBe('An EAN number is 13 digits.');
    expect((await call(t, null, 'GET', '/api/billing/invoices')).statusCode).toBe(401);
  });
});
