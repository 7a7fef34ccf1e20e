import type { Env } from '../../env.ts';

/**
 * The part of the official `stripe` library Kursa uses (its names and shapes, so the library is
 * handed in unchanged). The library is loaded only when payments are configured.
 */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface StripeClient {
  customers: { create(params: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<{ id: string }> };
  checkout: { sessions: { create(params: Record<string, unknown>): Promise<{ id: string; url: string | null }> } };
  webhooks: { constructEvent(payload: Buffer | string, header: string | string[], secret: string): StripeEvent };
}

type StripeConstructor = new (key: string, config: Record<string, unknown>) => StripeClient;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

export function stripeSettings(env: Env): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL };
}

// A variable, so the compiler does not need the package's types to build the rest of the server.
const LIBRARY = 'stripe';

/**
 * The library pointed at STRIPE_API_URL (Stripe's own, or a local test double): host, port and
 * protocol are the library's constructor options. A missing library is a start-up error that says so.
 */
export async function createStripeClient(settings: StripeSettings): Promise<StripeClient> {
  let Stripe: StripeConstructor;
  try {
    const loaded = (await import(LIBRARY)) as { default: StripeConstructor };
    Stripe = loaded.default;
  } catch (error) {
    throw new Error(`STRIPE_SECRET_KEY is set but the stripe package cannot be loaded (${(error as Error).message}); run npm install`, { cause: error });
  }
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
  });
}
