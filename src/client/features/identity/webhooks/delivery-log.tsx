import { useEffect, useId, useRef, useState } from 'react';
import type { TWebhook, TWebhookDelivery, WebhookDeliveryStatus } from '@shared/schemas/webhooks.ts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useRetryDelivery, useWebhookDeliveries } from './api';
import { useEventName } from './events';

const statusClasses: Record<WebhookDeliveryStatus, string> = {
  queued: 'text-muted-foreground',
  sending: 'text-muted-foreground',
  delivered: 'text-success',
  failed: 'text-danger',
};

/**
 * A webhook's last deliveries, newest first: what was sent, how it went (the receiver's answer or
 * why none came), and for a failed one a button that queues it again. It follows deliveries on
 * their way (api.ts asks again while any is queued or sending).
 */
export function DeliveryLog({ webhook }: { webhook: TWebhook }) {
  const { t } = useTranslation('team');
  const headingId = useId();
  const deliveries = useWebhookDeliveries(webhook.id);
  const retry = useRetryDelivery();
  const [outcome, setOutcome] = useState<{ text: string } | undefined>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The Try again button goes with the failure it retried: the outcome takes the focus.
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);

  const tryAgain = (deliveryId: string) =>
    retry.mutate(
      { webhookId: webhook.id, deliveryId },
      {
        onSuccess: () => setOutcome({ text: t('webhooks.queuedAgain') }),
        onError: (failure) => setOutcome({ text: serverMessage(failure) ?? t('webhooks.tryAgainFailed') }),
      },
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3">
      <h4 id={headingId} className="text-sm font-semibold break-all">
        {t('webhooks.deliveriesTo', { url: webhook.url })}
      </h4>
      {deliveries.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('webhooks.deliveriesLoading')}
        </p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('webhooks.deliveriesLoadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void deliveries.refetch()}>
            {t('webhooks.retry')}
          </Button>
        </p>
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('webhooks.noDeliveries')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card" aria-labelledby={headingId}>
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryEntry key={delivery.id} delivery={delivery} onRetry={() => tryAgain(delivery.id)} retrying={retry.isPending} />
          ))}
        </ul>
      )}
      <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        {outcome?.text ?? ''}
      </p>
    </section>
  );
}

function DeliveryEntry({ delivery, onRetry, retrying }: { delivery: TWebhookDelivery; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('team');
  const eventName = useEventName();
  const when = formatDateTime(delivery.createdAt);
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6" data-testid="webhook-delivery">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">
          {eventName(delivery.event)}{' '}
          <span className="text-xs font-normal text-muted-foreground">
            · <time dateTime={delivery.createdAt}>{when}</time>
          </span>
        </p>
        {delivery.responseStatus !== null && (
          <p className="text-sm">
            {t('webhooks.answer', { status: delivery.responseStatus })}
            {delivery.responseBody && (
              <code className="ml-2 text-xs break-all text-muted-foreground">{delivery.responseBody.slice(0, 200)}</code>
            )}
          </p>
        )}
        {delivery.error && <p className="text-sm break-words text-danger">{t('webhooks.lastError', { error: delivery.error })}</p>}
        {delivery.nextAttemptAt && delivery.status !== 'delivered' && (
          <p className="text-sm text-muted-foreground">{t('webhooks.nextAttempt', { when: formatDateTime(delivery.nextAttemptAt) })}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:items-end">
        <p className="text-sm sm:text-right">
          <span className={cn('font-semibold', statusClasses[delivery.status])}>{t(`webhooks.status.${delivery.status}`)}</span>
          {delivery.attempts > 0 && (
            <span className="block text-xs text-muted-foreground">{t('webhooks.attempts', { count: delivery.attempts })}</span>
          )}
        </p>
        {delivery.status === 'failed' && (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={retrying || undefined}
            onClick={() => !retrying && onRetry()}
            aria-label={t('webhooks.tryAgainNamed', { event: eventName(delivery.event), when })}
          >
            {t('webhooks.tryAgain')}
          </Button>
        )}
      </div>
    </li>
  );
}
