import { useTranslation } from 'react-i18next';
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

/** SPEC §2 quick actions; none is wired yet, and each says so instead of pretending. */
export function QuickActions() {
  const { t } = useTranslation('account');
  return (
    <Card className="p-5">
      <h3 className="font-semibold">{t('dashboard.quickActions.title')}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.quickActions.description')}</p>
      <ul className="mt-4 flex flex-col gap-1">
        {ACTIONS.map(({ key, Icon }) => (
          <li key={key} className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm">
            <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="flex-1">{t(`dashboard.quickActions.${key}`)}</span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{t('comingSoon')}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
