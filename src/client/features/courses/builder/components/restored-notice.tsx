import { useTranslation } from '@/lib/use-translation';
import History from 'lucide-react/icons/history';

/** Unsaved edits from an earlier visit were found in this browser and are being saved now. */
export function RestoredNotice({ savedAt }: { savedAt: string }) {
  const { t } = useTranslation('builder');
  const when = new Date(savedAt);
  const time = Number.isNaN(when.getTime()) ? '' : when.toLocaleString();
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
