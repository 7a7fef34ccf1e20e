import SendHorizontal from 'lucide-react/icons/send-horizontal';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import { useWebhooks } from './api';
import { CreateWebhook } from './create-webhook';
import { WebhookList } from './webhook-list';

/** A translation's <code>…</code> parts as code, the rest as text. */
function withCode(text: string) {
  return text.split(/<code>(.*?)<\/code>/).map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-muted px-1 text-xs text-foreground">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/**
 * Webhooks for the company's own systems, for its admins (docs/decisions/062-webhooks.md): Kursa
 * POSTs signed JSON to their address when something happens. Added with the events chosen and the
 * signing secret shown once, tested, paused and resumed, deleted, and their deliveries followed.
 */
export default function WebhookSettings() {
  const { t } = useTranslation('team');
  const webhooks = useWebhooks();
  return (
    <Card role="region" aria-labelledby="webhooks-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <SendHorizontal aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="webhooks-title" className="text-base font-semibold">
            {t('webhooks.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('webhooks.description')} {withCode(t('webhooks.signature'))}
          </p>
        </div>
      </div>
      {webhooks.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('webhooks.loading')}
        </p>
      ) : webhooks.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('webhooks.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void webhooks.refetch()}>
            {t('webhooks.retry')}
          </Button>
        </p>
      ) : (
        <>
          <CreateWebhook />
          <WebhookList webhooks={webhooks.data.webhooks} />
        </>
      )}
    </Card>
  );
}
