import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeSubscriptionBook } from './fake-stripe-subscriptions.ts';

/**
 * A Stripe-compatible server on loopback for the payment tests: enough of Stripe's REST API for
 * the official `stripe` library pointed at it (form-encoded POST /v1/customers and
 * /v1/checkout/sessions, GET /v1/checkout/sessions/:id), a hosted checkout page at each session's
 * url with a Pay button, and Stripe's webhook events signed as Stripe signs them
 * (Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint secret>).
 */

export type Json = Record<string, unknown>;

/** Where signed events go: the app's webhook over HTTP, or injected into a Fastify app in API tests. */
export type Deliver = (payload: string, signature: string) => Promise<{ status: number; body: string }>;

export interface FakeStripeOptions {
  webhookSecret: string;
  deliver: Deliver;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (a[b][0][c]=d) back into objects and arrays. */
export function decodeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface LineItem {
  quantity: number;
  unit_amount: number;
  currency: string;
  name: string;
  interval: 'month' | 'year' | null;
}

export interface FakeSession extends Json {
  id: string;
  mode: 'payment' | 'subscription';
  url: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  customer: string | null;
  line_items: LineItem[];
  amount_total: number;
  subscription: string | null;
  invoice: string | null;
}

export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, FakeSession>();
  /** Prices, subscriptions, their schedules and updates (tests/helpers/fake-stripe-subscriptions.ts). */
  readonly book: FakeSubscriptionBook;
  /** Every API request the library made, in order (method, path, decoded body, headers). */
  readonly requests: { method: string; path: string; body: Json; headers: IncomingMessage['headers'] }[] = [];
  private server: Server | undefined;
  url = '';

  private readonly options: FakeStripeOptions;

  // No parameter properties: the e2e server runs this file with Node's type stripping.
  constructor(options: FakeStripeOptions) {
    this.options = options;
    this.book = new FakeSubscriptionBook((type, object) => this.send(type, object));
  }

  get subscriptions() {
    return this.book.subscriptions;
  }

  /** Subscriptions cancelled at once through the API (DELETE /v1/subscriptions/:id), in order. */
  get cancelled() {
    return this.book.cancelled;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        this.handle(req, body).then(
          ({ status, json, html, location }) => {
            if (location) res.writeHead(303, { location }).end();
            else if (html !== undefined) res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
            else res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(json));
          },
          (error: unknown) =>
            res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } })),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, body: string): Promise<{ status: number; json?: unknown; html?: string; location?: string }> {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/v1/')) {
      const form = decodeForm(body);
      this.requests.push({ method, path: url.pathname, body: form, headers: req.headers });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
        return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      if (method === 'POST' && url.pathname === '/v1/customers') {
        const customer = { id: id('cus'), object: 'customer', created: now(), ...form };
        this.customers.set(customer.id, customer);
        return { status: 200, json: customer };
      }
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        // As Stripe: a customer it does not know (another mode's, a deleted one) is refused.
        if (typeof form.customer === 'string' && !this.customers.has(form.customer)) {
          return {
            status: 400,
            json: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'customer',
                message: `No such customer: '${form.customer}'`,
              },
            },
          };
        }
        return { status: 200, json: this.createSession(form) };
      }
      const answered = await this.book.handle(method, url.pathname, url.searchParams, form);
      if (answered) return answered;
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && match && this.sessions.has(match[1]!)) return { status: 200, json: this.sessions.get(match[1]!) };
      return {
        status: 404,
        json: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } },
      };
    }
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const session = pay ? this.sessions.get(pay[1]!) : undefined;
    if (!session) return { status: 404, html: '<!doctype html><title>Not found</title><p>No such checkout session.</p>' };
    if (method === 'GET') return { status: 200, html: this.page(session) };
    const delivered = await this.complete(session.id);
    if (delivered.some((d) => d.status !== 200))
      return {
        status: 502,
        html: `<!doctype html><title>Webhook failed</title><pre>${delivered.map((d) => `${d.status} ${d.body}`).join('\n')}</pre>`,
      };
    return { status: 303, location: session.success_url };
  }

  /** What POST /v1/checkout/sessions does, with its form already decoded. */
  createSession(form: Json): FakeSession {
    const sessionId = id('cs_test');
    const items = (form.line_items as Json[] | undefined) ?? [];
    const lineItems: LineItem[] = items.map((item) => {
      const price = item.price_data as Json;
      const recurring = price.recurring as Json | undefined;
      return {
        quantity: Number(item.quantity ?? 1),
        unit_amount: Number(price.unit_amount),
        currency: String(price.currency),
        name: String((price.product_data as Json).name),
        interval: recurring ? (String(recurring.interval) as 'month' | 'year') : null,
      };
    });
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: form.mode === 'subscription' ? 'subscription' : 'payment',
      url: `${this.url}/pay/${sessionId}`,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      subscription_metadata: ((form.subscription_data as Json | undefined)?.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url),
      client_reference_id: form.client_reference_id ?? null,
      status: 'open',
      payment_status: 'unpaid',
      customer: typeof form.customer === 'string' ? form.customer : null,
      customer_email: form.customer_email ?? null,
      line_items: lineItems,
      currency: lineItems[0]?.currency ?? 'dkk',
      amount_subtotal: lineItems.reduce((sum, l) => sum + l.quantity * l.unit_amount, 0),
      amount_total: lineItems.reduce((sum, l) => sum + l.quantity * l.unit_amount, 0),
      subscription: null,
      invoice: null,
      payment_intent: null,
      created: now(),
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  private page(session: FakeSession): string {
    const amount = (session.amount_total / 100).toFixed(2);
    const rows = session.line_items
      .map((l) => `<li>${l.quantity} × ${l.name}: ${(l.unit_amount / 100).toFixed(2)} ${l.currency.toUpperCase()}</li>`)
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>
<main><h1>Fake Stripe Checkout</h1><ul>${rows}</ul><p>Total: ${amount} ${String(session.currency).toUpperCase()}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
<p><a href="${session.cancel_url}">Cancel</a></p></main></body></html>`;
  }

  /** Signs and delivers an event, as Stripe does; answers what the app answered. */
  async send(
    type: string,
    object: Json,
    eventId = id('evt'),
  ): Promise<{ status: number; body: string; payload: string; signature: string }> {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-03-31.basil',
      created: now(),
      livemode: false,
      type,
      data: { object },
    });
    const signature = signPayload(payload, this.options.webhookSecret);
    return { ...(await this.options.deliver(payload, signature)), payload, signature };
  }

  /**
   * Pays an open session: checkout.session.completed, and for a subscription its first invoice's
   * invoice.paid too (both name the same Stripe invoice, as Stripe's do).
   */
  async complete(sessionId: string): Promise<{ status: number; body: string; payload: string; signature: string }[]> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'payment') {
      session.payment_intent = id('pi');
      return [await this.send('checkout.session.completed', session)];
    }
    const prices = session.line_items.map((l) => this.book.price(l.currency, l.unit_amount, l.interval ?? 'month', l.name, false));
    const subscription = this.book.start(session.customer, session.subscription_metadata as Record<string, string>, prices);
    session.subscription = subscription.id;
    const invoice = this.book.invoice(subscription, 'subscription_create');
    session.invoice = invoice.id as string;
    return [await this.send('checkout.session.completed', session), await this.send('invoice.paid', invoice)];
  }

  /** The subscription's period ends: renewed (a schedule's next phase starting), or ended when cancelled at it. */
  renew(subscriptionId: string) {
    return this.book.renew(subscriptionId) as Promise<{ status: number; body: string; payload: string; signature: string }>;
  }

  /** Stripe ends the subscription now (cancelled in its dashboard): customer.subscription.deleted. */
  cancel(subscriptionId: string) {
    const subscription = this.book.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return this.book.end(subscription) as Promise<{ status: number; body: string; payload: string; signature: string }>;
  }
}
