import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** Run All Demos: starts every AI demo card at once. */
export function RunAllDemos({ onRun, disabled = false }: { onRun: () => void; disabled?: boolean }) {
  const { t } = useTranslation('page-course-creator');
  return (
    <Button variant="secondary" onClick={onRun} disabled={disabled}>
      {t('demo.runAll')}
    </Button>
  );
}
