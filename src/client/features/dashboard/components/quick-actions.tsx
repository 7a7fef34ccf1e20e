import { useTranslation } from '@/lib/use-translation';
import ChartLine from 'lucide-react/icons/chart-line';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import Plus from 'lucide-react/icons/plus';
import Share2 from 'lucide-react/icons/share-2';
import Upload from 'lucide-react/icons/upload';
import { Card } from '@/components/ui/card';

const ACTIONS = [
  { key: 'createCourse', Icon: Plus },
  { key: 'uploadContent', Icon: Upload },
  { key: 'answerQuestions', Icon: MessageCircleQuestion },
  { key: 'viewAnalytics', Icon: ChartLine },
  { key: 'shareCourse', Icon: Share2 },
] as const;

/** SPEC §2 quick actions: create course opens the course creator's dialog; the others say they are not wired yet. */
export function QuickActions({ onCreateCourse }: { onCreateCourse?: (() => void) | undefined }) {
  const { t } = useTranslation('account');
  return (
    <Card className="p-5">
      <h3 className="font-semibold">{t('dashboard.quickActions.title')}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.quickActions.description')}</p>
      <ul className="mt-4 flex flex-col gap-1">
        {ACTIONS.map(({ key, Icon }) =>
          key === 'createCourse' && onCreateCourse ? (
            <li key={key}>
              <button
                type="button"
                onClick={onCreateCourse}
                className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Icon aria-hidden="true" className="size-4 text-accent" />
                <span className="flex-1">{t(`dashboard.quickActions.${key}`)}</span>
              </button>
            </li>
          ) : (
          <li key={key} className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm">
            <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="flex-1">{t(`dashboard.quickActions.${key}`)}</span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{t('comingSoon')}</span>
          </li>
          ),
        )}
      </ul>
    </Card>
  );
}
