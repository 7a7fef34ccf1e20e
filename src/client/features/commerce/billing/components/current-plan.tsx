import { useState } from 'react';
import type { TBilling } from '@shared/schemas/billing.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { useNextInvoice, useSetCancelled, useWithdrawChange } from '@/features/commerce/billing/api/billing';
import { money } from '@/features/commerce/billing/lib/money';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';

/**
 * The plan in force: its period, the end of the period paid for, the trial's end, a change waiting
 * for the period's end (which can be withdrawn), the next invoice as Stripe previews it, and
 * cancelling at the period's end or resuming before it.
 */
export function CurrentPlan({ billing }: { billing: TBilling }) {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState('');
  const setCancelled = useSetCancelled();
  const withdraw = useWithdrawChange();
  const subscribed = billing.renews || billing.cancelAt !== null;
  const next = useNextInvoice(billing.paymentsConfigured && billing.renews);
  const failed = setCancelled.error ?? withdraw.error;
  const busy = setCancelled.isPending || withdraw.isPending;

  const cancel = (value: boolean) => {
    setDone('');
    withdraw.reset();
    setCancelled.mutate(value, { onSuccess: () => setDone(t(value ? 'billing.current.cancelledNow' : 'billing.current.resumedNow')) });
  };
  const withdrawChange = () => {
    setDone('');
    setCancelled.reset();
    withdraw.mutate(undefined, { onSuccess: () => setDone(t('billing.current.withdrawnNow')) });
  };

  return (
    <Card role="region" aria-labelledby="current-plan" className="flex flex-col gap-2" data-testid="current-plan">
      <h2 id="current-plan" className="text-lg font-semibold">
        {t('billing.current.title')}
      </h2>
      <p>
        <span className="font-medium">{t(`billing.plans.${billing.plan}`)}</span>
        {billing.planPeriod && <span className="text-muted-foreground"> · {t(`billing.periods.${billing.planPeriod}`)}</span>}
      </p>
      {billing.trialEndsAt && (
        <p className="text-sm text-muted-foreground">{t('billing.current.trialEnds', { date: formatDate(billing.trialEndsAt) })}</p>
      )}
      {billing.cancelAt ? (
        <p className="text-sm" data-testid="subscription-cancelled">
          {t('billing.current.cancelled', { date: formatDate(billing.cancelAt) })}
        </p>
      ) : (
        billing.planPaidUntil && (
          <p className="text-sm text-muted-foreground">
            {billing.renews
              ? t('billing.current.renews', { date: formatDate(billing.planPaidUntil) })
              : t('billing.current.ends', { date: formatDate(billing.planPaidUntil) })}
          </p>
        )
      )}
      {billing.pendingChange && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted/40 p-3 text-sm"
          data-testid="pending-change"
        >
          <p>
            {t('billing.current.pending', {
              plan: t(`billing.plans.${billing.pendingChange.plan}`),
              period: t(`billing.periodsLower.${billing.pendingChange.period}`),
              date: formatDate(billing.pendingChange.from),
            })}
          </p>
          <Button variant="secondary" size="sm" disabled={busy} onClick={withdrawChange}>
            {t('billing.current.withdraw')}
          </Button>
        </div>
      )}
      {billing.renews && next.data?.next && (
        <p className="text-sm" data-testid="next-invoice">
          {t('billing.current.next', {
            amount: money(next.data.next.total, next.data.next.currency),
            date: formatDate(next.data.next.date),
          })}
        </p>
      )}
      {billing.renews && next.isError && <p className="text-sm text-muted-foreground">{t('billing.current.nextFailed')}</p>}
      {subscribed && billing.paymentsConfigured && (
        <div className="mt-2">
          {billing.cancelAt ? (
            <Button disabled={busy} onClick={() => cancel(false)}>
              {t('billing.current.resume')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
              {t('billing.current.cancel')}
            </Button>
          )}
        </div>
      )}
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failed) ?? t('billing.failed')}
        </p>
      )}
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {done}
      </p>
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('billing.current.cancelTitle')}
        description={t('billing.current.cancelDescription', {
          plan: t(`billing.plans.${billing.plan}`),
          date: billing.planPaidUntil ? formatDate(billing.planPaidUntil) : '',
        })}
        confirmLabel={t('billing.current.cancelConfirm')}
        cancelLabel={t('billing.current.keep')}
        destructive
        onConfirm={() => cancel(true)}
      />
    </Card>
  );
}
