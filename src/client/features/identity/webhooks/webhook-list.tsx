import { useEffect, useId, useRef, useState } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { TWebhook, TWebhookDelivery } from '@shared/schemas/webhooks.ts';
import { Badge } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from './api';
import { DeliveryLog } from './delivery-log';
import { useEventName } from './events';

/** What an item's status line says, and whether it is good or bad news. */
interface Note {
  text: string;
  tone: 'muted' | 'success' | 'danger';
}

const toneClasses: Record<Note['tone'], string> = {
  muted: 'text-muted-foreground',
  success: 'text-success',
  danger: 'text-danger',
};

/** The company's webhooks; deleting one asks first, and its outcome takes the focus from the button that went with it. */
export function WebhookList({ webhooks }: { webhooks: TWebhook[] }) {
  const { t } = useTranslation('team');
  const remove = useDeleteWebhook();
  const [asking, setAsking] = useState<TWebhook | undefined>();
  // An object, so that the same words said twice still move the focus.
  const [outcome, setOutcome] = useState<{ text: string } | undefined>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);

  return (
    <>
      <h3 className="text-sm font-semibold">{t('webhooks.list')}</h3>
      {webhooks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('webhooks.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t('webhooks.list')}>
          {webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onDelete={() => setAsking(webhook)} />
          ))}
        </ul>
      )}
      <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        {outcome?.text ?? ''}
      </p>
      <LazyConfirmDialog
        open={asking !== undefined}
        onOpenChange={(open) => !open && setAsking(undefined)}
        title={t('webhooks.confirmTitle', { url: asking?.url ?? '' })}
        description={t('webhooks.confirmDescription')}
        confirmLabel={t('webhooks.remove')}
        cancelLabel={t('webhooks.cancel')}
        destructive
        onConfirm={() => {
          if (!asking) return;
          const { id, url } = asking;
          remove.mutate(id, {
            onSuccess: () => setOutcome({ text: t('webhooks.removed', { url }) }),
            onError: (failure) => setOutcome({ text: serverMessage(failure) ?? t('webhooks.removeFailed') }),
          });
          setAsking(undefined);
        }}
      />
    </>
  );
}

function WebhookItem({ webhook, onDelete }: { webhook: TWebhook; onDelete: () => void }) {
  const { t } = useTranslation('team');
  const eventName = useEventName();
  const baseId = useId();
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<Note | undefined>();
  const { url } = webhook;

  const testOutcome = (delivery: TWebhookDelivery): Note => {
    const status = delivery.responseStatus ?? '';
    if (delivery.status === 'delivered') return { text: t('webhooks.testDelivered', { status }), tone: 'success' };
    if (delivery.responseStatus !== null) return { text: t('webhooks.testAnswered', { status }), tone: 'danger' };
    return { text: t('webhooks.testError', { error: delivery.error ?? '' }), tone: 'danger' };
  };

  const sendTest = () => {
    // aria-disabled rather than disabled while it runs: the button keeps the focus.
    if (test.isPending) return;
    setNote({ text: t('webhooks.testing'), tone: 'muted' });
    test.mutate(webhook.id, {
      onSuccess: (delivery) => setNote(testOutcome(delivery)),
      onError: (failure) => setNote({ text: serverMessage(failure) ?? t('webhooks.testNotSent'), tone: 'danger' }),
    });
  };

  const toggleActive = () => {
    if (update.isPending) return;
    update.mutate(
      { id: webhook.id, active: !webhook.active },
      {
        onSuccess: (changed) => setNote({ text: changed.active ? t('webhooks.resumedNow') : t('webhooks.pausedNow'), tone: 'muted' }),
        onError: (failure) => setNote({ text: serverMessage(failure) ?? t('webhooks.changeFailed'), tone: 'danger' }),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 p-3" data-testid="webhook">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <span id={`${baseId}-url`} className="font-medium break-all">
            {url}
          </span>
          {webhook.active ? (
            <Badge>{t('webhooks.active')}</Badge>
          ) : (
            <Badge className="bg-muted text-muted-foreground">{t('webhooks.paused')}</Badge>
          )}
        </span>
        <span className="text-sm">{webhook.events.map(eventName).join(', ')}</span>
        <span className="text-sm text-muted-foreground">
          <code className="text-xs">{t('webhooks.secretStart', { prefix: webhook.secretPrefix })}</code>
          {' · '}
          {t('webhooks.addedAt', { when: formatDateTime(webhook.createdAt) })}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={sendTest}
          aria-disabled={test.isPending || undefined}
          aria-label={t('webhooks.sendTestNamed', { url })}
        >
          {t('webhooks.sendTest')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={toggleActive}
          aria-disabled={update.isPending || undefined}
          aria-label={webhook.active ? t('webhooks.pauseNamed', { url }) : t('webhooks.resumeNamed', { url })}
        >
          {webhook.active ? t('webhooks.pause') : t('webhooks.resume')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} aria-label={t('webhooks.removeNamed', { url })}>
          {t('webhooks.remove')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={`${baseId}-log`}
          aria-describedby={`${baseId}-url`}
          onClick={() => setOpen((now) => !now)}
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
          {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </Button>
      </div>
      <p role="status" className={cn('text-sm', toneClasses[note?.tone ?? 'muted'])}>
        {note?.text ?? ''}
      </p>
      <div id={`${baseId}-log`} hidden={!open}>
        {open && <DeliveryLog webhook={webhook} />}
      </div>
    </li>
  );
}
