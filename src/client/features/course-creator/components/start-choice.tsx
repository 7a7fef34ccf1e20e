import { useTranslation } from '@/lib/use-translation';
import PenTool from 'lucide-react/icons/pen-tool';
import { Button } from '@/components/ui/button';
import { useShell } from '@/lib/shell-context';

const START_MANUAL_PATH = '/dashboard?new=course';

/**
 * SPEC §2 step 1's 'Start Manual': the dashboard's "create course" dialog, then the builder (a
 * visitor logs in first and comes back to it). 'Start with AI' comes with the AI creator; the
 * page's status note says so. Kept small: a public page within the 100 KB budget.
 */
export function StartChoice() {
  const { t } = useTranslation('page-course-creator');
  const { session, navigate } = useShell();
  return (
    <p className="flex flex-wrap items-center gap-4 text-muted-foreground">
      <Button
        data-testid="start-manual"
        onClick={() => navigate(session.user ? START_MANUAL_PATH : `/login?next=${encodeURIComponent(START_MANUAL_PATH)}`)}
      >
        <PenTool aria-hidden="true" className="size-4" />
        {t('start.manual')}
      </Button>
      {t('start.manualText')}
    </p>
  );
}
