import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/cn';

/**
 * Stands in for a part of a page whose code is still downloading (a tab, a dialog, an editor):
 * announced to screen readers, and, given a size, a grey box of the part's size so nothing below it
 * jumps as the part arrives. Without one (a dialog about to open) only the announcement shows.
 */
export function LoadingPart({ className }: { className?: string }) {
  const { t } = useTranslation();
  const label = <span className="sr-only">{t('loading.part')}</span>;
  if (!className) return <span role="status">{label}</span>;
  return (
    <div role="status" aria-busy="true" className={cn('animate-pulse rounded-2xl bg-muted', className)}>
      {label}
    </div>
  );
}
