import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BILLING_PERIODS, PAID_PLANS } from '@shared/plans.ts';
import type { TPlanCheckoutRequest } from '@shared/schemas/billing.ts';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { useMe } from '@/lib/me';
import { useBilling, useInvoices } from '@/features/commerce/billing/api/billing';
import { ChoosePlan } from '@/features/commerce/billing/components/choose-plan';
import { CurrentPlan } from '@/features/commerce/billing/components/current-plan';
import { EanForm } from '@/features/commerce/billing/components/ean-form';
import { Invoices } from '@/features/commerce/billing/components/invoice-table';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * The company's plan and billing (admins): the plan in force and the period paid for, a plan
 * bought through Stripe Checkout (monthly or annual) or the subscription changed, cancelled or
 * resumed, the EAN number for invoices, and the invoices to download. Stripe's webhook activates a
 * plan, so on return from a payment, or after a change Stripe has yet to confirm, the page asks
 * again until the plan shows. `?plan=&period=` (from the pricing page) chooses the plan to begin with.
 */
export function BillingPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('billing.metaTitle'));
  const { data: user } = useMe();
  const isAdmin = user?.role === 'admin';
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const wanted = {
    plan: PAID_PLANS.find((p) => p === params.get('plan')),
    period: BILLING_PERIODS.find((p) => p === params.get('period')),
  };
  const [awaiting, setAwaiting] = useState<TPlanCheckoutRequest | null>(null);
  const billing = useBilling(isAdmin);
  const invoices = useInvoices(Boolean(user));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // Back from a payment: the webhook may land a moment later; ask again for a while until it has.
  const waiting =
    billing.data !== undefined &&
    ((returned === 'success' && !billing.data.renews && billing.data.cancelAt === null) ||
      (awaiting !== null && (billing.data.plan !== awaiting.plan || billing.data.planPeriod !== awaiting.period)));
  const { refetch: refetchBilling } = billing;
  const { refetch: refetchInvoices } = invoices;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      void refetchBilling();
      void refetchInvoices();
      if (tries >= 30) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waiting, refetchBilling, refetchInvoices]);

  return (
    <Container className="flex max-w-4xl flex-col gap-8 py-12 sm:py-16">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {t('billing.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('billing.description')}</p>
      </div>
      {returned === 'success' && (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-4 text-sm" data-testid="checkout-notice">
          {billing.data?.renews || billing.data?.cancelAt ? t('billing.returned.success') : t('billing.returned.pending')}
        </p>
      )}
      {returned === 'cancelled' && (
        <p role="status" className="rounded-lg border border-border bg-muted/40 p-4 text-sm" data-testid="checkout-notice">
          {t('billing.returned.cancelled')}
        </p>
      )}
      {!isAdmin ? (
        <p className="text-sm text-muted-foreground">{t('billing.adminOnly')}</p>
      ) : billing.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('billing.loading')}
        </p>
      ) : billing.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('billing.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void billing.refetch()}>
            {t('billing.retry')}
          </Button>
        </p>
      ) : (
        <>
          <CurrentPlan billing={billing.data} />
          {billing.data.paymentsConfigured ? (
            <ChoosePlan billing={billing.data} wanted={wanted} onAwaiting={setAwaiting} />
          ) : (
            <p role="note" className="rounded-lg border border-border bg-muted/40 p-4 text-sm" data-testid="payments-not-configured">
              {t('billing.notConfigured')}
            </p>
          )}
          <EanForm billing={billing.data} />
        </>
      )}
      {user && <Invoices invoices={invoices.data} loading={invoices.isPending} failed={invoices.isError} />}
    </Container>
  );
}
