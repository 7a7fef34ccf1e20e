import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** Run All Demos (SPEC §4). */
export function RunAllDemos({ onRun, disabled = false }: { onRun: () => void; disabled?: boolean }) {
  const { t } = useTranslation('page-course-creator');
  return (
    <Button variant="secondary" onClick={onRun} disabled={disabled}>
      {t('demo.runAll')}
    </Button>
  );
}
