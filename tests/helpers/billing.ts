import type { FastifyBaseLogger } from 'fastify';
import { Fulfilment, type OperatorSeller } from '../../src/server/domains/commerce/billing/fulfilment.ts';
import type { StripeEvent } from '../../src/server/domains/commerce/billing/stripe-client.ts';
import type { TestApp } from './app.ts';
import { FakeStripe, type Json } from './fake-stripe.ts';

export const WEBHOOK_SECRET = 'whsec_test_kursa';
export const OPERATOR: OperatorSeller = {
  name: 'Kursa ApS',
  cvr: '12345678',
  address: 'Åboulevarden 1, 8000 Aarhus C',
  email: 'faktura@kursa.dk',
};
export const OPERATOR_ENV = {
  INVOICE_SELLER_NAME: OPERATOR.name,
  INVOICE_SELLER_CVR: OPERATOR.cvr,
  INVOICE_SELLER_ADDRESS: OPERATOR.address,
  INVOICE_SELLER_EMAIL: OPERATOR.email!,
};

const quiet = () => undefined;
export const silentLog = {
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  level: 'silent',
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

/** The metadata BillingService puts on a plan's checkout session (and its subscription). */
export function planMetadata(organisationId: string, plan: string, period: string, unitAmount: number): Record<string, string> {
  return { kind: 'plan', organisationId, plan, period, unitAmount: String(unitAmount) };
}

export function courseMetadata(o: {
  organisationId: string;
  userId: string;
  courseId: string;
  buyFor: 'self' | 'company';
  quantity: number;
  unitAmount: number;
}): Record<string, string> {
  return {
    kind: 'course',
    organisationId: o.organisationId,
    userId: o.userId,
    courseId: o.courseId,
    buyFor: o.buyFor,
    quantity: String(o.quantity),
    unitAmount: String(o.unitAmount),
  };
}

/**
 * A fake Stripe whose events go straight to the fulfilment (the part after the library checked
 * the signature), on the test's own connection to the app's database.
 */
export async function fulfilmentStripe(
  t: TestApp,
  operator: OperatorSeller | null = OPERATOR,
): Promise<{ fake: FakeStripe; fulfilment: Fulfilment }> {
  const fulfilment = new Fulfilment(t.db, operator, silentLog);
  const fake = await new FakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (payload) => {
      const fulfilled = await fulfilment.fulfil(JSON.parse(payload) as StripeEvent);
      return { status: 200, body: JSON.stringify({ received: true, fulfilled }) };
    },
  }).start();
  return { fake, fulfilment };
}

export function subscriptionSession(
  fake: FakeStripe,
  metadata: Record<string, string>,
  amount: number,
  vat: number,
  interval: 'month' | 'year',
  customer: string | null = null,
): Json {
  return fake.createSession({
    mode: 'subscription',
    ...(customer && { customer }),
    line_items: [
      {
        quantity: '1',
        price_data: { currency: 'dkk', unit_amount: String(amount), recurring: { interval }, product_data: { name: 'Plan' } },
      },
      {
        quantity: '1',
        price_data: { currency: 'dkk', unit_amount: String(vat), recurring: { interval }, product_data: { name: 'Moms 25 %' } },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: 'http://localhost:5000/billing?checkout=success',
    cancel_url: 'http://localhost:5000/billing?checkout=cancelled',
  });
}

export function paymentSession(
  fake: FakeStripe,
  metadata: Record<string, string>,
  unit: number,
  quantity: number,
  vat: number,
  currency = 'dkk',
): Json {
  return fake.createSession({
    mode: 'payment',
    line_items: [
      { quantity: String(quantity), price_data: { currency, unit_amount: String(unit), product_data: { name: 'Course' } } },
      { quantity: '1', price_data: { currency, unit_amount: String(vat), product_data: { name: 'Moms 25 %' } } },
    ],
    metadata,
    success_url: 'http://localhost:5000/courses/x?checkout=success',
    cancel_url: 'http://localhost:5000/courses/x?checkout=cancelled',
  });
}

/** Sends a signed event to the app's webhook, as Stripe's POST does. */
export function deliverToWebhook(app: () => TestApp['app']) {
  return async (payload: string, signature: string) => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    return { status: res.statusCode, body: res.body };
  };
}
