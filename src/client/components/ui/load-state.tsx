import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';

/** While a panel's data is on its way. */
export function Loading() {
  const { t } = useTranslation('account');
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {t('dashboard.loading')}
    </p>
  );
}

/** A panel whose data could not be had: what failed, and (when it can be asked again) a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => unknown }) {
  const { t } = useTranslation('account');
  return (
    <p role="alert" className="text-sm text-danger">
      {message}
      {onRetry && (
        <>
          {' '}
          <Button variant="ghost" size="sm" onClick={() => void onRetry()}>
            {t('dashboard.retry')}
          </Button>
        </>
      )}
    </p>
  );
}
