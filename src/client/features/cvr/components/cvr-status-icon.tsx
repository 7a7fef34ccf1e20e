import { useTranslation } from 'react-i18next';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { Spinner } from '@/components/ui/spinner';
import type { CvrLookupStatus } from '../hooks/use-cvr-lookup';

/** The spinner or valid/invalid mark inside the CVR input, each with a text alternative. */
export function CvrStatusIcon({ status, loading }: { status: CvrLookupStatus; loading: boolean }) {
  const { t } = useTranslation('cvr');
  if (loading) {
    return (
      <span role="img" aria-label={t('status.loading')} className="text-muted-foreground">
        <Spinner className="size-5" />
      </span>
    );
  }
  if (status === 'idle') return null;
  const valid = status === 'valid';
  const Icon = valid ? CircleCheck : CircleX;
  return (
    <span
      role="img"
      aria-label={valid ? t('status.valid') : t('status.invalid')}
      className={valid ? 'text-success' : 'text-danger'}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
