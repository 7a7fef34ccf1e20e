import { useTranslation } from '@/lib/use-translation';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CloudOff from 'lucide-react/icons/cloud-off';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { QueueRegistry } from '../lib/queue-registry';
import { useRegistryStatus } from './builder-context';

/** The builder's one saved / saving / failed indicator, announced politely as it changes. */
export function SaveStatus({ registry }: { registry: QueueRegistry }) {
  const { t } = useTranslation('builder');
  const status = useRegistryStatus(registry);
  const failed = status === 'retrying' || status === 'error';
  return (
    <div className="flex items-center gap-2 text-sm">
      <p role="status" aria-live="polite" data-testid="save-status" data-status={status} className="flex items-center gap-1.5">
        {status === 'saved' && <CircleCheck aria-hidden="true" className="size-4 text-success" />}
        {(status === 'saving' || status === 'pending') && <Spinner />}
        {failed && <CloudOff aria-hidden="true" className="size-4 text-danger" />}
        {status === 'conflict' && <CircleAlert aria-hidden="true" className="size-4 text-danger" />}
        <span className={failed || status === 'conflict' ? 'font-medium text-danger' : 'text-muted-foreground'}>{t(`save.${status}`)}</span>
      </p>
      {failed && (
        <Button size="sm" variant="secondary" onClick={() => registry.retryAll()}>
          {t('save.retryNow')}
        </Button>
      )}
    </div>
  );
}
