import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BILLING_PERIODS, PAID_PLANS, PLAN_PRICES_ORE, type BillingPeriod, type PaidPlan } from '@shared/plans.ts';
import type { TBilling, TInvoiceSummary } from '@shared/schemas/billing.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useMe } from '@/lib/me';
import { invoicePdfUrl, useBilling, useInvoices, usePlanCheckout, useUpdateBillingSettings } from '@/features/commerce/billing/api/billing';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { currentLocale, usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** Minor units with øre shown (an invoice's amounts are exact). */
function money(minor: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);
}

/**
 * The company's plan and billing (admins): the plan in force and the period paid for,
 * a plan bought through Stripe Checkout (monthly or annual), the EAN number for invoices, and the
 * invoices to download. Stripe's webhook activates a plan, so on return from a payment the page
 * asks again until the plan shows.
 */
export function BillingPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('billing.metaTitle'));
  const { data: user } = useMe();
  const isAdmin = user?.role === 'admin';
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const billing = useBilling(isAdmin);
  const invoices = useInvoices(Boolean(user));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // Back from a payment: the webhook may land a moment later; ask again for a while until it has.
  const waiting = returned === 'success' && billing.data !== undefined && !billing.data.renews;
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
          {billing.data?.renews ? t('billing.returned.success') : t('billing.returned.pending')}
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
            <ChoosePlan billing={billing.data} />
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

function CurrentPlan({ billing }: { billing: TBilling }) {
  const { t } = useTranslation('account');
  return (
    <Card role="region" aria-labelledby="current-plan" className="flex flex-col gap-2" data-testid="current-plan">
      <h2 id="current-plan" className="text-lg font-semibold">
        {t('billing.current.title')}
      </h2>
      <p>
        <span className="font-medium">{t(`billing.plans.${billing.plan}`)}</span>
        {billing.planPeriod && <span className="text-muted-foreground"> · {t(`billing.periods.${billing.planPeriod}`)}</span>}
      </p>
      {billing.planPaidUntil && (
        <p className="text-sm text-muted-foreground">
          {billing.renews
            ? t('billing.current.renews', { date: formatDate(billing.planPaidUntil) })
            : t('billing.current.ends', { date: formatDate(billing.planPaidUntil) })}
        </p>
      )}
    </Card>
  );
}

function ChoosePlan({ billing }: { billing: TBilling }) {
  const { t } = useTranslation('account');
  const checkout = usePlanCheckout();
  const [plan, setPlan] = useState<PaidPlan>(PAID_PLANS.find((p) => p === billing.plan) ?? 'professional');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const subscribed = billing.renews;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkout.mutate({ plan, period });
  };
  const price = (p: PaidPlan) => (period === 'monthly' ? PLAN_PRICES_ORE[p].monthly : PLAN_PRICES_ORE[p].annual * 12);
  return (
    <Card role="region" aria-labelledby="choose-plan" className="flex flex-col gap-4">
      <h2 id="choose-plan" className="text-lg font-semibold">
        {t('billing.choose.title')}
      </h2>
      {subscribed ? (
        <p className="text-sm text-muted-foreground">{t('billing.choose.subscribed')}</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-sm font-medium">{t('billing.choose.period')}</legend>
            {BILLING_PERIODS.map((p) => (
              <label key={p} className="flex items-center gap-2 text-sm">
                <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
                {t(`billing.periods.${p}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">{t('billing.choose.plan')}</legend>
            {PAID_PLANS.map((p) => (
              <label
                key={p}
                className="flex cursor-pointer flex-col gap-1 rounded-lg border border-border p-3 text-sm has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
              >
                <span className="flex items-center gap-2 font-medium">
                  <input type="radio" name="plan" value={p} checked={plan === p} onChange={() => setPlan(p)} />
                  {t(`billing.plans.${p}`)}
                </span>
                <span className="text-muted-foreground">
                  {t(period === 'monthly' ? 'billing.choose.perMonth' : 'billing.choose.perYear', { price: money(price(p), 'DKK') })}
                </span>
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-muted-foreground">{t('billing.choose.vat')}</p>
          {checkout.error && (
            <p role="alert" className="text-sm text-danger">
              {serverMessage(checkout.error) ?? t('billing.failed')}
            </p>
          )}
          <div>
            <Button type="submit" disabled={checkout.isPending}>
              {checkout.isPending ? t('billing.choose.going') : t('billing.choose.submit')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function EanForm({ billing }: { billing: TBilling }) {
  const { t } = useTranslation('account');
  const update = useUpdateBillingSettings();
  const [ean, setEan] = useState(billing.ean ?? '');
  const [saved, setSaved] = useState(false);
  const id = useId();
  const fieldError = isApiError(update.error) ? update.error.body?.errors?.ean : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ ean: ean.trim() }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Card role="region" aria-labelledby="ean-title" className="flex flex-col gap-3">
      <h2 id="ean-title" className="text-lg font-semibold">
        {t('billing.ean.title')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id={id}
          label={t('billing.ean.label')}
          hint={t('billing.ean.hint')}
          error={fieldError ?? (update.error && !fieldError ? (serverMessage(update.error) ?? t('billing.failed')) : undefined)}
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              value={ean}
              onChange={(e) => setEan(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          {t('billing.ean.save')}
        </Button>
      </form>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {saved ? t('billing.ean.saved') : ''}
      </p>
    </Card>
  );
}

function Invoices({ invoices, loading, failed }: { invoices: TInvoiceSummary[] | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Card role="region" aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <h2 id="invoices-title" className="text-lg font-semibold">
        {t('billing.invoices.title')}
      </h2>
      {loading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('billing.loading')}
        </p>
      ) : failed || !invoices ? (
        <p role="alert" className="text-sm text-danger">
          {t('billing.loadFailed')}
        </p>
      ) : invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('billing.invoices.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.number')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.date')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.what')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('billing.invoices.total')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t('billing.invoices.pdf')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-border" data-testid="invoice-row">
                  <td className="py-2 pr-3">{invoice.number}</td>
                  <td className="py-2 pr-3">{formatDate(invoice.issuedAt)}</td>
                  <td className="py-2 pr-3">
                    {invoice.description}
                    <span className="block text-xs text-muted-foreground">{invoice.sellerName}</span>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {money(invoice.total, invoice.currency)}
                    <span className="block text-xs text-muted-foreground">
                      {t('billing.invoices.vat', { vat: money(invoice.vat, invoice.currency) })}
                    </span>
                  </td>
                  <td className="py-2">
                    <a
                      href={invoicePdfUrl(invoice.id)}
                      download
                      className="font-medium text-accent underline-offset-4 hover:underline"
                      aria-label={t('billing.invoices.download', { number: invoice.number })}
                    >
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
