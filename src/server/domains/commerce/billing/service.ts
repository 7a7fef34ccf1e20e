import type { FastifyBaseLogger } from 'fastify';
import { BILLING_PERIODS, type BillingPeriod } from '../../../../shared/plans.ts';
import type {
  TBilling,
  TCoursePurchase,
  TCheckoutAnswer,
  TCourseCheckoutRequest,
  TInvoiceSummary,
  TPlanCheckoutRequest,
} from '../../../../shared/schemas/billing.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { amountsOf, planPeriodAmount, vatOf } from './amounts.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { Fulfilment, type BillingChange, type OperatorSeller } from './fulfilment.ts';
import { renderInvoicePdf, type InvoiceLine, type InvoiceParty } from './invoice-pdf.ts';
import * as repo from './repository.ts';
import type { StripeClient, StripeSettings } from './stripe-client.ts';
import { planProductName, str } from './stripe-values.ts';
import { Subscriptions } from './subscriptions.ts';

/** The subscription a subscription or schedule event is about. */
function subscriptionOfEvent(event: { type: string; data: { object: Record<string, unknown> } }): string | null {
  const object = event.data.object;
  if (event.type === 'customer.subscription.updated') return str(object.id);
  if (event.type.startsWith('subscription_schedule.')) return str(object.subscription) ?? str(object.released_subscription);
  return null;
}

/** The most Stripe takes in one payment, in minor units (øre). */
const MAX_PAYMENT_MINOR = 99_999_999;
const notConfigured = () => new AppError('PAYMENTS_NOT_CONFIGURED', 503, 'billing.notConfigured');
const adminOnly = () => new AppError('FORBIDDEN', 403, 'billing.adminOnly');
const invoiceNotFound = () => new AppError('NOT_FOUND', 404, 'billing.invoiceNotFound');
const courseNotFound = () => new AppError('NOT_FOUND', 404, 'billing.courseNotFound');

export interface BillingOptions {
  stripe: StripeClient | null;
  settings: StripeSettings | null;
  operator: OperatorSeller | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** After a webhook event was fulfilled (committed): its id, type and object. */
  onFulfilled?: (event: { id: string; type: string; object: Record<string, unknown> }) => Promise<void>;
}

/**
 * Subscriptions and paid courses through Stripe Checkout. Checkout only starts a
 * payment; nothing is granted here. What was paid for is granted by the signed webhook (Fulfilment).
 * Moms is charged as its own line at Checkout (prices are without moms), computed as on the
 * invoice, so what Stripe takes is the invoice's total to the øre.
 */
export class BillingService {
  readonly fulfilment: Fulfilment;
  readonly subscriptions: Subscriptions;
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly options: BillingOptions,
  ) {
    this.fulfilment = new Fulfilment(db, options.operator, options.log);
    this.audit = new AuditLog(db, options.log);
    this.subscriptions = new Subscriptions({
      db,
      stripe: () => this.stripe(),
      atStripe: (what, call) => this.atStripe(what, call),
      audit: this.audit,
      log: options.log,
    });
  }

  get configured(): boolean {
    return this.options.stripe !== null;
  }

  private stripe(): StripeClient {
    if (!this.options.stripe) throw notConfigured();
    return this.options.stripe;
  }

  async billing(actor: TUser): Promise<TBilling> {
    if (actor.role !== 'admin') throw adminOnly();
    const org = (await repo.findOrganisation(this.db, actor.organisationId))!;
    return {
      paymentsConfigured: this.configured,
      plan: org.plan,
      planPeriod: (BILLING_PERIODS as readonly string[]).includes(org.plan_period ?? '') ? (org.plan_period as BillingPeriod) : null,
      planPaidUntil: org.plan_paid_until,
      renews: org.stripe_subscription_id !== null && org.subscription_cancel_at === null,
      cancelAt: org.stripe_subscription_id ? org.subscription_cancel_at : null,
      pendingChange:
        org.stripe_subscription_id && org.subscription_pending_plan && org.subscription_pending_period && org.subscription_pending_from
          ? { plan: org.subscription_pending_plan, period: org.subscription_pending_period, from: org.subscription_pending_from }
          : null,
      trialEndsAt: org.plan === 'trial' ? org.trial_ends_at : null,
      ean: org.ean,
    };
  }

  /**
   * A company being deleted stops paying: its subscription is cancelled at Stripe now, with no
   * refund for the rest of the period. One Stripe no longer knows is cancelled already. Throws when
   * Stripe fails, so the deletion waits and is tried again rather than leave a company billed.
   */
  async endSubscription(organisationId: string): Promise<void> {
    const org = await repo.findOrganisation(this.db, organisationId);
    const subscriptionId = org?.stripe_subscription_id;
    if (!subscriptionId) return;
    if (!this.options.stripe) {
      this.options.log.warn(
        { organisationId, subscriptionId },
        'a deleted company’s subscription is left to cancel at Stripe: no Stripe keys',
      );
    } else {
      const stripe = this.options.stripe;
      try {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `kursa-end-${subscriptionId}` });
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'resource_missing') {
          this.options.log.error({ err: error, stripe: 'subscriptions.cancel' }, 'a call to Stripe failed');
          throw error;
        }
      }
    }
    await this.db.updateTable('organisations').set({ stripe_subscription_id: null }).where('id', '=', organisationId).execute();
  }

  async updateSettings(actor: TUser, input: { ean: string | null }, ip: string): Promise<TBilling> {
    if (actor.role !== 'admin') throw adminOnly();
    const before = (await repo.findOrganisation(this.db, actor.organisationId))!.ean;
    const ean = input.ean ? input.ean.trim() : null;
    await repo.setEan(this.db, actor.organisationId, ean, new Date().toISOString());
    if (before !== ean) {
      await this.audit.record({
        organisationId: actor.organisationId,
        actor: actorOf(actor, ip),
        action: 'billing.changed',
        target: { type: 'organisation', id: actor.organisationId },
        details: { before: { ean: before }, after: { ean } },
      });
    }
    return this.billing(actor);
  }

  /** The company's Stripe customer, made at its first checkout. */
  private async customerFor(org: repo.BillingOrganisation, actor: TUser): Promise<string> {
    if (org.stripe_customer_id) return org.stripe_customer_id;
    const stripe = this.stripe();
    const customer = await this.atStripe('customers.create', () =>
      stripe.customers.create(
        {
          name: org.name,
          email: org.email ?? actor.email,
          address: { line1: org.address, postal_code: org.postal_code, city: org.city, country: 'DK' },
          metadata: { organisationId: org.id, cvr: org.cvr },
        },
        { idempotencyKey: `kursa-customer-${org.id}` },
      ),
    );
    return repo.setCustomerId(this.db, org.id, customer.id);
  }

  /**
   * A call to Stripe: what it refuses or fails (a key from the other mode, an outage) is logged and
   * answered 502, never passed on as if the visitor's request were at fault.
   */
  private async atStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      // The card was declined (an upgrade's difference): the company's to fix, and nothing changed.
      if ((error as { type?: unknown }).type === 'StripeCardError') throw new AppError('PAYMENT_DECLINED', 402, 'billing.paymentDeclined');
      this.options.log.error({ err: error, stripe: what }, 'a call to Stripe failed');
      throw new AppError('PAYMENT_PROVIDER_FAILED', 502, 'billing.providerFailed');
    }
  }

  private url(path: string): string {
    return `${this.options.publicUrl}${path}`;
  }

  async checkoutPlan(actor: TUser, input: TPlanCheckoutRequest): Promise<TCheckoutAnswer> {
    const stripe = this.stripe();
    if (actor.role !== 'admin') throw adminOnly();
    if (!this.options.operator) throw new AppError('SELLER_NOT_CONFIGURED', 503, 'billing.sellerNotConfigured');
    const org = (await repo.findOrganisation(this.db, actor.organisationId))!;
    if (org.stripe_subscription_id && org.plan_paid_until && org.plan_paid_until > new Date().toISOString()) {
      throw new AppError('ALREADY_SUBSCRIBED', 409, 'billing.alreadySubscribed');
    }
    const customer = await this.customerFor(org, actor);
    const unitAmount = planPeriodAmount(input.plan, input.period);
    const interval = input.period === 'monthly' ? 'month' : 'year';
    const name = planProductName(input.plan, input.period);
    const metadata = { kind: 'plan', organisationId: org.id, plan: input.plan, period: input.period, unitAmount: String(unitAmount) };
    const session = await this.atStripe('checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: org.id,
        line_items: [
          { quantity: 1, price_data: { currency: 'dkk', unit_amount: unitAmount, recurring: { interval }, product_data: { name } } },
          {
            quantity: 1,
            price_data: { currency: 'dkk', unit_amount: vatOf(unitAmount), recurring: { interval }, product_data: { name: 'Moms 25 %' } },
          },
        ],
        metadata,
        subscription_data: { metadata },
        success_url: this.url('/billing?checkout=success'),
        cancel_url: this.url('/billing?checkout=cancelled'),
      }),
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { url: session.url };
  }

  async checkoutCourse(actor: TUser, courseId: string, input: TCourseCheckoutRequest): Promise<TCheckoutAnswer> {
    const stripe = this.stripe();
    const course = await repo.findCourse(this.db, courseId);
    if (!course || course.status !== 'published' || course.visibility === 'private') throw courseNotFound();
    if (course.organisation_id === actor.organisationId) throw new AppError('OWN_COURSE', 409, 'billing.ownCourse');
    if (course.pricing !== 'paid' || course.price <= 0) throw new AppError('COURSE_FREE', 409, 'billing.courseFree');
    if (input.for === 'company' && actor.role !== 'admin') throw adminOnly();
    if (input.for === 'self') {
      const enrolled = await this.db
        .selectFrom('enrolments')
        .select('id')
        .where('course_id', '=', course.id)
        .where('user_id', '=', actor.id)
        .executeTakeFirst();
      if (enrolled) throw new AppError('ALREADY_ENROLLED', 409, 'billing.alreadyEnrolled');
    }
    const quantity = input.for === 'company' ? input.seats : 1;
    const { vat, total } = amountsOf(course.price, quantity);
    // Stripe takes at most 99,999,999 minor units in one payment.
    if (total > MAX_PAYMENT_MINOR)
      throw new AppError('AMOUNT_TOO_LARGE', 400, 'billing.amountTooLarge', {
        fields: input.for === 'company' ? { seats: 'billing.amountTooLarge' } : undefined,
      });
    const currency = course.currency.toLowerCase();
    const metadata = {
      kind: 'course',
      organisationId: actor.organisationId,
      userId: actor.id,
      courseId: course.id,
      buyFor: input.for,
      quantity: String(quantity),
      unitAmount: String(course.price),
    };
    const org = (await repo.findOrganisation(this.db, actor.organisationId))!;
    const session = await this.atStripe('checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        ...(org.stripe_customer_id ? { customer: org.stripe_customer_id } : { customer_email: actor.email }),
        client_reference_id: actor.organisationId,
        line_items: [
          { quantity, price_data: { currency, unit_amount: course.price, product_data: { name: course.title } } },
          ...(vat > 0 ? [{ quantity: 1, price_data: { currency, unit_amount: vat, product_data: { name: 'Moms 25 %' } } }] : []),
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: this.url(`/courses/${encodeURIComponent(course.slug)}?checkout=success`),
        cancel_url: this.url(`/courses/${encodeURIComponent(course.slug)}?checkout=cancelled`),
      }),
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { url: session.url };
  }

  async coursePurchase(actor: TUser, courseId: string): Promise<TCoursePurchase> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course || course.status !== 'published' || (course.visibility === 'private' && course.organisation_id !== actor.organisationId))
      throw courseNotFound();
    const [enrolled, seats] = await Promise.all([
      this.db.selectFrom('enrolments').select('id').where('course_id', '=', course.id).where('user_id', '=', actor.id).executeTakeFirst(),
      repo.findSeats(this.db, actor.organisationId, course.id),
    ]);
    return {
      paymentsConfigured: this.configured,
      own: course.organisation_id === actor.organisationId,
      enrolled: enrolled !== undefined,
      seats: seats ? { seats: Number(seats.seats), used: Number(seats.used) } : null,
    };
  }

  /** Checks the signature with the library and fulfils the event; a bad signature changes nothing. */
  async webhook(payload: Buffer, signature: string | string[] | undefined): Promise<{ received: true; fulfilled: boolean }> {
    const stripe = this.stripe();
    if (!signature) throw new AppError('BAD_SIGNATURE', 400, 'billing.badSignature');
    let event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, this.options.settings!.webhookSecret);
    } catch {
      throw new AppError('BAD_SIGNATURE', 400, 'billing.badSignature');
    }
    const changes: BillingChange[] = [];
    const fulfilled = await this.fulfilment.fulfil(event, changes);
    // Stripe is the actor: what it reported paid, started or ended, recorded once committed.
    for (const change of changes) {
      await this.audit.record({
        organisationId: change.organisationId,
        actor: null,
        action: change.action,
        target: { type: 'organisation', id: change.organisationId },
        details: { ...change.details, stripeEvent: event.id },
      });
    }
    // A subscription changed at Stripe (here or in Stripe's dashboard): read back as it now is,
    // whichever order its events come in.
    const changed = subscriptionOfEvent(event);
    if (changed && (await repo.organisationWithSubscription(this.db, changed))) await this.subscriptions.sync(changed);
    if (fulfilled)
      await this.options.onFulfilled?.({ id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> });
    return { received: true, fulfilled };
  }

  /** Admins see every invoice of their company; others the ones for what they bought themselves. */
  async invoices(actor: TUser): Promise<TInvoiceSummary[]> {
    const rows = await repo.listInvoices(this.db, actor.organisationId, actor.role === 'admin' ? null : actor.id);
    return rows.map((row) => {
      const seller = JSON.parse(row.seller) as InvoiceParty;
      const lines = JSON.parse(row.lines) as InvoiceLine[];
      return {
        id: row.id,
        number: Number(row.number),
        issuedAt: row.issued_at,
        sellerName: seller.name,
        description: lines[0]?.description ?? '',
        currency: row.currency,
        subtotal: Number(row.subtotal),
        vat: Number(row.vat),
        total: Number(row.total),
      };
    });
  }

  async invoicePdf(actor: TUser, id: string): Promise<{ pdf: Uint8Array; filename: string }> {
    const row = await repo.findInvoice(this.db, id);
    if (!row || row.buyer_organisation_id !== actor.organisationId) throw invoiceNotFound();
    if (actor.role !== 'admin' && row.buyer_user_id !== actor.id) throw invoiceNotFound();
    const pdf = await renderInvoicePdf({
      number: Number(row.number),
      issuedAt: row.issued_at,
      seller: JSON.parse(row.seller) as InvoiceParty,
      buyer: JSON.parse(row.buyer) as InvoiceParty,
      lines: JSON.parse(row.lines) as InvoiceLine[],
      currency: row.currency,
      subtotal: Number(row.subtotal),
      vat: Number(row.vat),
      total: Number(row.total),
    });
    return { pdf, filename: `faktura-${Number(row.number)}.pdf` };
  }
}
