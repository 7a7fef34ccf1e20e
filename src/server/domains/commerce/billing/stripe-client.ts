import type { Env } from '../../../env.ts';

/**
 * The part of the official `stripe` library Kursa uses, by its names and shapes: the services
 * depend on this much of it (the library is handed in unchanged).
 */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

type Params = Record<string, unknown>;
type Options = { idempotencyKey?: string };
/** An object as Stripe answers it; each field used is checked where it is read. */
export type StripeObject = Record<string, unknown> & { id: string };

export interface StripeClient {
  customers: { create(params: Params, options?: Options): Promise<{ id: string }> };
  subscriptions: {
    cancel(id: string, params?: Params, options?: Options): Promise<{ id: string }>;
    retrieve(id: string, params?: Params): Promise<StripeObject>;
    update(id: string, params: Params, options?: Options): Promise<StripeObject>;
  };
  subscriptionSchedules: {
    create(params: Params, options?: Options): Promise<StripeObject>;
    update(id: string, params: Params, options?: Options): Promise<StripeObject>;
    release(id: string, params?: Params, options?: Options): Promise<StripeObject>;
  };
  prices: { create(params: Params, options?: Options): Promise<StripeObject> };
  invoices: { createPreview(params: Params): Promise<StripeObject> };
  checkout: { sessions: { create(params: Record<string, unknown>): Promise<{ id: string; url: string | null }> } };
  webhooks: { constructEvent(payload: Buffer | string, header: string | string[], secret: string): StripeEvent };
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

export function stripeSettings(env: Env): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL };
}

/**
 * The library pointed at STRIPE_API_URL (Stripe's own, or a local test double): host, port and
 * protocol are the library's constructor options. It is imported here, when payments are
 * configured, so a server without Stripe keys never loads its several MB of code.
 */
export async function createStripeClient(settings: StripeSettings): Promise<StripeClient> {
  const { default: Stripe } = await import('stripe');
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Kursa' },
    // No request timings sent to Stripe.
    telemetry: false,
    // Fulfilment reads an event's object as a plain record and checks each field it uses itself,
    // rather than trusting the library's type for whatever API version sent it.
  }) as unknown as StripeClient;
}
