import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Env } from '../../../env.ts';
import { BillingService, type BillingOptions } from './service.ts';
import { createStripeClient, stripeSettings } from './stripe-client.ts';

/**
 * Billing as the environment sets it up: Stripe when its keys are given (else paid actions answer
 * 503), the installation's own seller for invoices when named. A bad Stripe set-up stops the start.
 */
export async function setUpBilling(
  app: FastifyInstance,
  db: Db,
  env: Env,
  onFulfilled: BillingOptions['onFulfilled'],
): Promise<BillingService> {
  const payments = stripeSettings(env);
  let billing: BillingService;
  try {
    billing = new BillingService(db, {
      stripe: payments ? await createStripeClient(payments) : null,
      settings: payments,
      operator:
        env.INVOICE_SELLER_NAME && env.INVOICE_SELLER_CVR && env.INVOICE_SELLER_ADDRESS
          ? {
              name: env.INVOICE_SELLER_NAME,
              cvr: env.INVOICE_SELLER_CVR,
              address: env.INVOICE_SELLER_ADDRESS,
              email: env.INVOICE_SELLER_EMAIL ?? null,
            }
          : null,
      publicUrl: env.PUBLIC_URL,
      log: app.log,
      ...(onFulfilled && { onFulfilled }),
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info(
    payments ? { stripe: payments.apiUrl } : {},
    payments ? 'payments through Stripe' : 'no Stripe keys: paid actions answer 503 PAYMENTS_NOT_CONFIGURED',
  );
  return billing;
}
