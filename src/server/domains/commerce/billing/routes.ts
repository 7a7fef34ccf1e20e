import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBilling,
  ZBillingSettingsRequest,
  ZCheckoutAnswer,
  ZCourseCheckoutRequest,
  ZCoursePurchase,
  ZInvoiceList,
  ZNextInvoice,
  ZPlanCheckoutRequest,
} from '../../../../shared/schemas/billing.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { requireAuth } from '../../../http/session.ts';
import type { BillingService } from './service.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['billing'];
const E = ZErrorResponse;
const ZPdfBytes = z.unknown().describe('The invoice as a PDF (application/pdf), as an attachment');

/** Plans, paid courses, invoices and the company's billing settings. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  noStoreByDefault(app);

  app.get(
    '/api/billing',
    {
      schema: {
        tags,
        summary: "The company's plan, billing period, the end of the period paid for and its EAN number (admins)",
        response: { 200: ZBilling, 401: E, 403: E },
      },
    },
    async (request) => billing.billing(requireAuth(request).user),
  );

  app.patch(
    '/api/billing/settings',
    {
      schema: {
        tags,
        summary: "Set or remove the company's EAN number (13 digits), printed on its invoices from then on (admins)",
        body: ZBillingSettingsRequest,
        response: { 200: ZBilling, 400: E, 401: E, 403: E },
      },
    },
    async (request) => billing.updateSettings(requireAuth(request).user, { ean: request.body.ean || null }, request.ip),
  );

  app.post(
    '/api/billing/checkout',
    {
      schema: {
        tags,
        summary:
          "Start Stripe Checkout for a plan, monthly or annual (admins). The plan is activated by Stripe's webhook once paid. 503 when payments are not set up",
        body: ZPlanCheckoutRequest,
        response: { 200: ZCheckoutAnswer, 400: E, 401: E, 403: E, 409: E, 503: E },
      },
    },
    async (request) => billing.checkoutPlan(requireAuth(request).user, request.body),
  );

  app.post(
    '/api/billing/subscription/change',
    {
      schema: {
        tags,
        summary:
          "Change the subscription's plan or billing period (admins): a bigger plan or annual billing now, charged pro rata; a smaller plan or monthly billing at the end of the period paid for. The plan changes when Stripe's webhook reports the invoice paid. 402 when the card is declined",
        body: ZPlanCheckoutRequest,
        response: { 200: ZBilling, 400: E, 401: E, 402: E, 403: E, 409: E, 502: E, 503: E },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      await billing.subscriptions.change(user, request.body, request.ip);
      return billing.billing(user);
    },
  );

  app.delete(
    '/api/billing/subscription/pending-change',
    {
      schema: {
        tags,
        summary: 'Withdraw the change of plan waiting for the end of the period (admins); the subscription goes on as it is',
        response: { 200: ZBilling, 401: E, 403: E, 409: E, 502: E, 503: E },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      await billing.subscriptions.withdrawChange(user, request.ip);
      return billing.billing(user);
    },
  );

  for (const [path, cancel, summary] of [
    [
      '/api/billing/subscription/cancel',
      true,
      'Cancel the subscription at the end of the period paid for (admins): the plan runs until then and does not renew',
    ],
    ['/api/billing/subscription/resume', false, 'Resume a cancelled subscription before its period ends (admins): it renews again'],
  ] as const) {
    app.post(path, { schema: { tags, summary, response: { 200: ZBilling, 401: E, 403: E, 409: E, 502: E, 503: E } } }, async (request) => {
      const user = requireAuth(request).user;
      await billing.subscriptions.setCancelled(user, cancel, request.ip);
      return billing.billing(user);
    });
  }

  app.get(
    '/api/billing/next-invoice',
    {
      schema: {
        tags,
        summary: "The subscription's next invoice as Stripe previews it: its total with moms and its date (admins); null when none follows",
        response: { 200: ZNextInvoice, 401: E, 403: E, 502: E, 503: E },
      },
    },
    async (request) => billing.subscriptions.nextInvoice(requireAuth(request).user),
  );

  app.post(
    '/api/courses/:id/checkout',
    {
      schema: {
        tags,
        summary:
          "Start Stripe Checkout for another company's paid course: for oneself, or seats for one's company (admins). Granted by Stripe's webhook once paid. 503 when payments are not set up",
        params: ZIdParams,
        body: ZCourseCheckoutRequest,
        response: { 200: ZCheckoutAnswer, 400: E, 401: E, 403: E, 404: E, 409: E, 503: E },
      },
    },
    async (request) => billing.checkoutCourse(requireAuth(request).user, request.params.id, request.body),
  );

  app.get(
    '/api/courses/:id/purchase',
    {
      schema: {
        tags,
        summary:
          "Whether a published course is the asker's company's own, whether they are enrolled, the seats their company bought, and whether payments are set up",
        params: ZIdParams,
        response: { 200: ZCoursePurchase, 401: E, 404: E },
      },
    },
    async (request) => billing.coursePurchase(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/billing/invoices',
    {
      schema: {
        tags,
        summary: "The company's invoices as buyer, newest first (admins: all; others: their own purchases)",
        response: { 200: ZInvoiceList, 401: E },
      },
    },
    async (request) => billing.invoices(requireAuth(request).user),
  );

  app.get(
    '/api/billing/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: "An invoice as a Danish A4 PDF (the buying company's; another company's id answers 404)",
        params: ZIdParams,
        produces: ['application/pdf'],
        response: { 200: ZPdfBytes, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await billing.invoicePdf(requireAuth(request).user, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};

/**
 * Stripe's webhook: the raw body, as signed, is what the library checks (JSON parsed first would
 * not be byte for byte the same). Registered in a scope of its own so the raw parser stays here.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        tags,
        summary:
          "Stripe's events, checked against the Stripe-Signature header (a bad one answers 400 and changes nothing). Each event is fulfilled once",
        response: { 200: z.object({ received: z.literal(true), fulfilled: z.boolean() }), 400: E, 503: E },
      },
    },
    async (request) => billing.webhook(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers['stripe-signature']),
  );
};
