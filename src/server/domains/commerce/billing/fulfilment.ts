import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { BILLING_PERIODS, PAID_PLANS, type BillingPeriod, type PaidPlan } from '../../../../shared/plans.ts';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { newId } from '../../../security/tokens.ts';
import { amountsOf, periodEnd, splitTotal, type Amounts } from './amounts.ts';
import { formatInvoiceDate, type InvoiceLine, type InvoiceParty } from './invoice-pdf.ts';
import * as repo from './repository.ts';
import { idOf, iso, PLAN_NAMES, record, str, wholeNumber, type StripeRecord } from './stripe-values.ts';
import type { StripeEvent } from './stripe-client.ts';

/** The operator of this installation, the seller of its subscriptions (INVOICE_SELLER_*). */
export interface OperatorSeller {
  name: string;
  cvr: string;
  address: string;
  email: string | null;
}

type Trx = Transaction<Database>;
type StripeObject = StripeRecord;

const PERIOD_NAMES: Record<BillingPeriod, string> = { monthly: 'månedligt abonnement', annual: 'årligt abonnement' };

/** What Kursa put into a checkout's metadata, read back and checked. */
type Purchase =
  | { kind: 'plan'; organisationId: string; plan: PaidPlan; period: BillingPeriod; unitAmount: number }
  | {
      kind: 'course';
      organisationId: string;
      userId: string;
      courseId: string;
      buyFor: 'self' | 'company';
      quantity: number;
      unitAmount: number;
    };

function purchaseOf(metadata: unknown): Purchase | null {
  const m = record(metadata);
  const organisationId = str(m.organisationId);
  const unitAmount = wholeNumber(m.unitAmount);
  if (!organisationId || unitAmount === null) return null;
  if (m.kind === 'plan') {
    const plan = PAID_PLANS.find((p) => p === m.plan);
    const period = BILLING_PERIODS.find((p) => p === m.period);
    return plan && period ? { kind: 'plan', organisationId, plan, period, unitAmount } : null;
  }
  if (m.kind === 'course') {
    const userId = str(m.userId);
    const courseId = str(m.courseId);
    const quantity = wholeNumber(m.quantity);
    const buyFor = m.buyFor === 'company' ? 'company' : m.buyFor === 'self' ? 'self' : null;
    return userId && courseId && buyFor && quantity && quantity >= 1
      ? { kind: 'course', organisationId, userId, courseId, buyFor, quantity, unitAmount }
      : null;
  }
  return null;
}

/**
 * Fulfilment of Stripe's webhook events, each in one transaction with the record of
 * the event itself: an event already fulfilled changes nothing. Handled:
 * - checkout.session.completed (and .async_payment_succeeded): a plan is activated, or a course is
 *   enrolled in (for oneself) or its seats are granted (for a company); the payment and its invoice.
 * - invoice.paid: a subscription's period (the first or a renewal): the end of the period paid for
 *   moves on; the payment and its invoice (once per Stripe invoice, whichever event comes first).
 * - customer.subscription.deleted: no renewal; the plan runs to the end of the period paid for.
 */
/** A change to a company's plan or billing, for its audit log once the event's transaction has committed. */
export interface BillingChange {
  organisationId: string;
  action: 'plan.changed' | 'plan.subscription-ended' | 'billing.paid';
  details: Record<string, unknown>;
}

export class Fulfilment {
  constructor(
    private readonly db: Db,
    private readonly operator: OperatorSeller | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * True when the event was fulfilled now, false when it had been already (or is not Kursa's).
   * What it changed about a company's plan and billing is added to `changes`.
   */
  async fulfil(event: StripeEvent, changes: BillingChange[] = []): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await repo.claimEvent(trx, event.id, event.type, now))) return false;
      const object = record(event.data.object);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          await this.sessionCompleted(trx, event, object, now, changes);
          break;
        case 'invoice.paid':
          await this.invoicePaid(trx, event, object, now, changes);
          break;
        case 'customer.subscription.deleted': {
          const id = idOf(object.id);
          if (!id) break;
          const org = await repo.organisationWithSubscription(trx, id);
          await repo.endSubscription(trx, id, now);
          if (org)
            changes.push({
              organisationId: org.id,
              action: 'plan.subscription-ended',
              details: { plan: org.plan, paidUntil: org.plan_paid_until },
            });
          break;
        }
        default:
          break;
      }
      return true;
    });
  }

  private async sessionCompleted(trx: Trx, event: StripeEvent, session: StripeObject, now: string, changes: BillingChange[]) {
    // A bank transfer and the like completes the session unpaid; its async_payment_succeeded follows.
    if (session.payment_status !== 'paid') return;
    const purchase = purchaseOf(session.metadata);
    const sessionId = idOf(session.id);
    if (!purchase || !sessionId) {
      this.log.warn({ event: event.id }, 'a completed checkout session without Kursa metadata was ignored');
      return;
    }
    if (!(await repo.findOrganisation(trx, purchase.organisationId))) return;
    if (purchase.kind === 'plan') {
      const subscriptionId = idOf(session.subscription);
      const paidUntil = periodEnd(new Date(event.created * 1000), purchase.period).toISOString();
      await this.activatePlan(
        trx,
        purchase,
        { subscriptionId, customerId: idOf(session.customer), now, setAt: iso(wholeNumber(session.created) ?? event.created) },
        changes,
      );
      await repo.extendPaidUntil(trx, purchase.organisationId, paidUntil, now);
      const invoiceId = idOf(session.invoice);
      // The subscription's first Stripe invoice is paid for here or by invoice.paid, once.
      if (invoiceId && (await repo.paymentForInvoice(trx, invoiceId))) return;
      await this.record(
        trx,
        purchase,
        {
          event,
          now,
          sessionId,
          invoiceId,
          subscriptionId,
          paymentIntentId: idOf(session.payment_intent),
          periodFrom: iso(event.created),
          periodTo: paidUntil,
        },
        changes,
      );
      return;
    }
    if (await repo.paymentForSession(trx, sessionId)) return;
    const course = await repo.findCourse(trx, purchase.courseId);
    if (!course) {
      this.log.error(
        { event: event.id, course: purchase.courseId },
        'a paid course was deleted before its payment arrived; refund it at Stripe',
      );
      return;
    }
    if (purchase.buyFor === 'self') {
      if (await repo.insertEnrolment(trx, { id: newId(), courseId: course.id, userId: purchase.userId, now })) {
        await repo.insertEnrolmentActivity(trx, {
          id: newId(),
          organisationId: course.organisation_id,
          courseId: course.id,
          userId: purchase.userId,
          now,
        });
      }
    } else await repo.grantSeats(trx, purchase.organisationId, course.id, purchase.quantity, now);
    await this.record(
      trx,
      purchase,
      {
        event,
        now,
        sessionId,
        invoiceId: null,
        subscriptionId: null,
        paymentIntentId: idOf(session.payment_intent),
        course,
      },
      changes,
    );
  }

  private async invoicePaid(trx: Trx, event: StripeEvent, invoice: StripeObject, now: string, changes: BillingChange[]) {
    const invoiceId = idOf(invoice.id);
    // Where the subscription and its metadata are: invoice.parent.subscription_details (API
    // 2025-03 on), or invoice.subscription and invoice.subscription_details before.
    const details = record(record(invoice.parent).subscription_details);
    const subscriptionId = idOf(details.subscription) ?? idOf(invoice.subscription);
    const purchase = purchaseOf(
      Object.keys(record(details.metadata)).length ? details.metadata : record(invoice.subscription_details).metadata,
    );
    if (!invoiceId || !subscriptionId || !purchase || purchase.kind !== 'plan') return;
    if (!(await repo.findOrganisation(trx, purchase.organisationId))) return;
    // A change of plan's invoice has a credit line for the old plan's unused time and a line for the
    // new one's: the period runs from the first start to the last end.
    const periods = ((record(invoice.lines).data as unknown[] | undefined) ?? []).map((line) => record(record(line).period));
    const starts = periods.map((p) => wholeNumber(p.start)).filter((n): n is number => n !== null);
    const ends = periods.map((p) => wholeNumber(p.end)).filter((n): n is number => n !== null);
    const start = starts.length ? Math.min(...starts) : event.created;
    const end = ends.length ? Math.max(...ends) : null;
    const paidUntil = end ? iso(end) : periodEnd(new Date(start * 1000), purchase.period).toISOString();
    // An upgrade is charged pro rata at once: what was paid is the invoice's amount, moms included.
    const proRata = invoice.billing_reason === 'subscription_update';
    const paid = wholeNumber(invoice.amount_paid);
    await this.activatePlan(
      trx,
      purchase,
      { subscriptionId, customerId: idOf(invoice.customer), now, setAt: iso(wholeNumber(invoice.created) ?? event.created) },
      changes,
    );
    await repo.extendPaidUntil(trx, purchase.organisationId, paidUntil, now);
    if (await repo.paymentForInvoice(trx, invoiceId)) return;
    if (proRata && !paid) return;
    await this.record(
      trx,
      purchase,
      {
        event,
        now,
        sessionId: null,
        invoiceId,
        subscriptionId,
        paymentIntentId: idOf(invoice.payment_intent),
        periodFrom: iso(start),
        periodTo: paidUntil,
        ...(proRata && paid && { paid: splitTotal(paid) }),
      },
      changes,
    );
  }

  /** The plan paid for, noted as a change when it is not the one the company had. */
  private async activatePlan(
    trx: Trx,
    purchase: Extract<Purchase, { kind: 'plan' }>,
    at: { subscriptionId: string | null; customerId: string | null; now: string; setAt: string },
    changes: BillingChange[],
  ) {
    const before = await repo.findOrganisation(trx, purchase.organisationId);
    await repo.activatePlan(trx, purchase.organisationId, { plan: purchase.plan, period: purchase.period, ...at });
    const after = await repo.findOrganisation(trx, purchase.organisationId);
    if (before && after && (before.plan !== after.plan || before.plan_period !== after.plan_period)) {
      changes.push({
        organisationId: purchase.organisationId,
        action: 'plan.changed',
        details: { before: { plan: before.plan, period: before.plan_period }, after: { plan: purchase.plan, period: purchase.period } },
      });
    }
  }

  /** The payment, the seller's next invoice number and the invoice, in the event's transaction. */
  private async record(
    trx: Trx,
    purchase: Purchase,
    at: {
      event: StripeEvent;
      now: string;
      sessionId: string | null;
      invoiceId: string | null;
      subscriptionId: string | null;
      paymentIntentId: string | null;
      periodFrom?: string;
      periodTo?: string;
      /** What was charged when it is not the plan's full price (an upgrade's pro rata). */
      paid?: Amounts;
      course?: NonNullable<Awaited<ReturnType<typeof repo.findCourse>>>;
    },
    changes: BillingChange[],
  ) {
    const buyer = (await repo.findOrganisation(trx, purchase.organisationId))!;
    const quantity = purchase.kind === 'course' ? purchase.quantity : 1;
    const amounts: Amounts = at.paid ?? amountsOf(purchase.unitAmount, quantity);
    let seller: InvoiceParty;
    let sellerKey: string;
    let lines: InvoiceLine[];
    let currency: string;
    let attention: string | null = null;
    if (purchase.kind === 'plan') {
      // Checkout refuses to start without the operator's details; should they be removed since, the
      // payment is still recorded and its invoice made with what is known.
      const operator = this.operator ?? { name: 'Kursa', cvr: '', address: '', email: null };
      if (!this.operator) this.log.error('INVOICE_SELLER_* is not set: a subscription invoice lacks the seller details');
      seller = {
        name: operator.name,
        address: operator.address.split(/\s*[,\n]\s*/).filter(Boolean),
        cvr: operator.cvr || null,
        email: operator.email,
      };
      sellerKey = 'operator';
      currency = 'DKK';
      const span = at.periodFrom && at.periodTo ? `, ${formatInvoiceDate(at.periodFrom)}–${formatInvoiceDate(at.periodTo)}` : '';
      lines = [
        {
          description: `Kursa ${PLAN_NAMES[purchase.plan]}, ${PERIOD_NAMES[purchase.period]}${at.paid ? ', skift pro rata' : ''}${span}`,
          quantity: 1,
          unitAmount: at.paid ? amounts.subtotal : purchase.unitAmount,
          amount: amounts.subtotal,
        },
      ];
    } else {
      const course = at.course!;
      const owner = (await repo.findOrganisation(trx, course.organisation_id))!;
      seller = { name: owner.name, address: [owner.address, `${owner.postal_code} ${owner.city}`], cvr: owner.cvr, email: owner.email };
      sellerKey = owner.id;
      currency = course.currency.toUpperCase();
      const what = purchase.buyFor === 'company' ? `Kursus: ${course.title} (pladser)` : `Kursus: ${course.title}`;
      lines = [{ description: what, quantity, unitAmount: purchase.unitAmount, amount: amounts.subtotal }];
      if (purchase.buyFor === 'self') attention = (await repo.findUser(trx, purchase.userId))?.contact_name ?? null;
    }
    const paymentId = newId();
    await repo.insertPayment(trx, {
      id: paymentId,
      kind: purchase.kind === 'plan' ? 'subscription' : 'course',
      buyer_organisation_id: buyer.id,
      buyer_user_id: purchase.kind === 'course' ? purchase.userId : null,
      seller_organisation_id: purchase.kind === 'course' ? sellerKey : null,
      course_id: purchase.kind === 'course' ? purchase.courseId : null,
      plan: purchase.kind === 'plan' ? purchase.plan : null,
      plan_period: purchase.kind === 'plan' ? purchase.period : null,
      quantity,
      currency,
      ...amounts,
      stripe_event_id: at.event.id,
      stripe_checkout_session_id: at.sessionId,
      stripe_invoice_id: at.invoiceId,
      stripe_subscription_id: at.subscriptionId,
      stripe_payment_intent_id: at.paymentIntentId,
      created_at: at.now,
    });
    const number = await repo.nextInvoiceNumber(trx, sellerKey);
    const buyerParty: InvoiceParty = {
      name: buyer.name,
      address: [buyer.address, `${buyer.postal_code} ${buyer.city}`],
      cvr: buyer.cvr,
      email: buyer.email,
      ean: buyer.ean,
      attention,
    };
    await repo.insertInvoice(trx, {
      id: newId(),
      payment_id: paymentId,
      seller_key: sellerKey,
      number,
      issued_at: at.now,
      buyer_organisation_id: buyer.id,
      buyer_user_id: purchase.kind === 'course' && purchase.buyFor === 'self' ? purchase.userId : null,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify(buyerParty),
      lines: JSON.stringify(lines),
      currency,
      ...amounts,
    });
    changes.push({
      organisationId: buyer.id,
      action: 'billing.paid',
      details: {
        kind: purchase.kind === 'plan' ? 'subscription' : 'course',
        ...(purchase.kind === 'course' && { courseId: purchase.courseId, quantity, for: purchase.buyFor }),
        total: amounts.total,
        currency,
        invoice: number,
      },
    });
  }
}
