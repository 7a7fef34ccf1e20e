import { useEffect, useId, useRef, useState } from 'react';
import type { TXapiSettings } from '@shared/schemas/xapi.ts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useRetryXapi } from './api';

/**
 * How the company's statements of the last 30 days went: how many wait, were sent and failed, when
 * the last one was sent and the last failure; the failed ones can be queued again. The figures
 * follow the queue (api.ts asks again while statements wait).
 */
export function XapiQueue({ settings }: { settings: TXapiSettings }) {
  const { t } = useTranslation('team');
  const headingId = useId();
  const retry = useRetryXapi();
  // An object, so that the same words said twice still move the focus.
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | undefined>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The button goes once the failures are queued again: the outcome takes the focus.
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);

  const { queue } = settings;
  const anything = queue.queued + queue.sent + queue.failed > 0;
  if (settings.endpoint === null && !settings.installationEndpoint && !anything) return null;

  const sendAgain = () => {
    if (retry.isPending) return;
    retry.mutate(undefined, {
      onSuccess: ({ requeued }) => setOutcome({ text: t('xapi.requeued', { count: requeued }), failed: false }),
      onError: (failure) => setOutcome({ text: serverMessage(failure) ?? t('xapi.requeueFailed'), failed: true }),
    });
  };

  const figures = [
    { key: 'queued', label: t('xapi.queued'), value: queue.queued, className: '' },
    { key: 'sent', label: t('xapi.sent'), value: queue.sent, className: '' },
    { key: 'failed', label: t('xapi.failed'), value: queue.failed, className: queue.failed > 0 ? 'text-danger' : '' },
  ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="xapi-queue">
      <h3 id={headingId} className="text-sm font-semibold">
        {t('xapi.queueTitle')}
      </h3>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {figures.map((figure) => (
          <div key={figure.key} className="flex gap-1.5">
            <dt className="text-muted-foreground">{figure.label}</dt>
            <dd className={cn('font-semibold', figure.className)}>{formatNumber(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {queue.lastSentAt ? t('xapi.lastSent', { when: formatDateTime(queue.lastSentAt) }) : t('xapi.nothingSent')}
      </p>
      {queue.lastError && <p className="text-sm break-words text-danger">{t('xapi.lastError', { error: queue.lastError })}</p>}
      {queue.failed > 0 && (
        <div>
          <Button variant="secondary" size="sm" onClick={sendAgain} aria-disabled={retry.isPending || undefined}>
            {t('xapi.sendAgain')}
          </Button>
        </div>
      )}
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={cn('text-sm outline-none', outcome?.failed ? 'text-danger' : 'text-muted-foreground')}
      >
        {outcome?.text ?? ''}
      </p>
    </section>
  );
}
