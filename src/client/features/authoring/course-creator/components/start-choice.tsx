import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** The wizard's first step: 'Start with AI' or 'Start Manual'. */
export function StartChoice({
  onAi,
  onManual,
  manualPending = false,
}: {
  onAi: () => void;
  onManual: () => void;
  manualPending?: boolean;
}) {
  const { t } = useTranslation('page-course-creator');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
        <Button onClick={onAi} data-testid="start-ai">
          {t('start.ai')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('start.aiText')}</p>
      </div>
      <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
        <Button variant="secondary" onClick={onManual} disabled={manualPending} data-testid="start-manual">
          {t('start.manual')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('start.manualText')}</p>
      </div>
    </div>
  );
}
