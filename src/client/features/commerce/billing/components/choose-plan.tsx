import { useState, type FormEvent } from 'react';
import { planChangeTiming } from '@shared/plan-changes.ts';
import { BILLING_PERIODS, PAID_PLANS, PLAN_PRICES_ORE, type BillingPeriod, type PaidPlan } from '@shared/plans.ts';
import type { TBilling } from '@shared/schemas/billing.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useChangePlan, usePlanCheckout } from '@/features/commerce/billing/api/billing';
import { money } from '@/features/commerce/billing/lib/money';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';

/**
 * Choosing a plan: bought through Stripe Checkout without a subscription; with one, the
 * subscription changed (a bigger plan or annual billing now, pro rata; a smaller one or monthly
 * billing at the period's end, said before it is sent). `wanted` is the plan and period chosen on
 * the pricing page, chosen here to begin with.
 */
export function ChoosePlan({
  billing,
  wanted,
  onAwaiting,
}: {
  billing: TBilling;
  wanted: { plan?: PaidPlan | undefined; period?: BillingPeriod | undefined };
  /** A change made now that Stripe's webhook has yet to confirm: the page asks until it shows. */
  onAwaiting: (plan: { plan: PaidPlan; period: BillingPeriod }) => void;
}) {
  const { t } = useTranslation('account');
  const checkout = usePlanCheckout();
  const change = useChangePlan();
  const currentPlan = PAID_PLANS.find((p) => p === billing.plan);
  const current = currentPlan && billing.planPeriod ? { plan: currentPlan, period: billing.planPeriod } : null;
  const [plan, setPlan] = useState<PaidPlan>(wanted.plan ?? currentPlan ?? 'professional');
  const [period, setPeriod] = useState<BillingPeriod>(wanted.period ?? billing.planPeriod ?? 'monthly');
  const [done, setDone] = useState('');
  const subscribed = current !== null && (billing.renews || billing.cancelAt !== null);
  const same = subscribed && current.plan === plan && current.period === period;
  const timing = subscribed && !same ? planChangeTiming(current, { plan, period }) : null;
  const error = subscribed ? change.error : checkout.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    if (!subscribed) return checkout.mutate({ plan, period });
    change.mutate(
      { plan, period },
      {
        onSuccess: (after) => {
          const changed = after.plan === plan && after.planPeriod === period;
          if (!after.pendingChange && !changed) onAwaiting({ plan, period });
          setDone(
            after.pendingChange
              ? t('billing.choose.scheduled', { date: formatDate(after.pendingChange.from) })
              : t(changed ? 'billing.choose.changed' : 'billing.choose.processing'),
          );
        },
      },
    );
  };
  const price = (p: PaidPlan) => (period === 'monthly' ? PLAN_PRICES_ORE[p].monthly : PLAN_PRICES_ORE[p].annual * 12);
  const busy = checkout.isPending || change.isPending;
  return (
    <Card role="region" aria-labelledby="choose-plan" className="flex flex-col gap-4">
      <h2 id="choose-plan" className="text-lg font-semibold">
        {t(subscribed ? 'billing.choose.changeTitle' : 'billing.choose.title')}
      </h2>
      {subscribed && billing.cancelAt ? (
        <p className="text-sm text-muted-foreground">{t('billing.choose.resumeFirst')}</p>
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
          {subscribed && (
            <p className="text-sm" data-testid="change-timing">
              {same
                ? t('billing.choose.same')
                : timing === 'now'
                  ? t('billing.choose.now')
                  : t('billing.choose.periodEnd', {
                      date: billing.planPaidUntil ? formatDate(billing.planPaidUntil) : '',
                      plan: t(`billing.plans.${current.plan}`),
                    })}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-danger">
              {serverMessage(error) ?? t('billing.failed')}
            </p>
          )}
          <div>
            <Button type="submit" disabled={busy || same}>
              {subscribed
                ? t(change.isPending ? 'billing.choose.changing' : 'billing.choose.change')
                : t(checkout.isPending ? 'billing.choose.going' : 'billing.choose.submit')}
            </Button>
          </div>
          <p role="status" className="text-sm text-muted-foreground empty:hidden">
            {done}
          </p>
        </form>
      )}
    </Card>
  );
}
