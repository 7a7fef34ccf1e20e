import { useTranslation } from '@/lib/use-translation';
import History from 'lucide-react/icons/history';
import { formatDateTime } from '@/lib/format';

/** Unsaved edits from an earlier visit were found in this browser and are being saved now. */
export function RestoredNotice({ savedAt }: { savedAt: string }) {
  const { t } = useTranslation('builder');
  const time = formatDateTime(savedAt);
  return (
    <p
      role="status"
      data-testid="restored-notice"
      className="flex items-start gap-2 rounded-xl border border-accent/50 bg-card p-3 text-sm"
    >
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>{t('restored', { time })}</span>
    </p>
  );
}
