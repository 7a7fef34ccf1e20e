import { useTranslation } from '@/lib/use-translation';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Info from 'lucide-react/icons/info';
import { Spinner } from '@/components/ui/spinner';
import type { CvrLookupStatus } from '../hooks/use-cvr-lookup';

/** The spinner or valid/invalid mark inside the CVR input, each with a text alternative. */
export function CvrStatusIcon({ status, loading }: { status: CvrLookupStatus | 'unknown'; loading: boolean }) {
  const { t } = useTranslation('cvr');
  if (loading) {
    return (
      <span role="img" aria-label={t('status.loading')} className="text-muted-foreground">
        <Spinner className="size-5" />
      </span>
    );
  }
  if (status === 'idle') return null;
  // A valid number the registry does not know, where that is no error (registration, offline registry).
  if (status === 'unknown') {
    return (
      <span role="img" aria-label={t('status.notFound')} className="text-muted-foreground">
        <Info aria-hidden="true" className="size-5" />
      </span>
    );
  }
  const valid = status === 'valid';
  const Icon = valid ? CircleCheck : CircleX;
  return (
    <span role="img" aria-label={valid ? t('status.valid') : t('status.invalid')} className={valid ? 'text-success' : 'text-danger'}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
