import { useState, type ComponentType } from 'react';
import type { LucideProps } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import Activity from 'lucide-react/icons/activity';
import Award from 'lucide-react/icons/award';
import MessageSquare from 'lucide-react/icons/message-square';
import Star from 'lucide-react/icons/star';
import UserPlus from 'lucide-react/icons/user-plus';
import type { TActivityItem } from '@shared/schemas/dashboard.ts';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useInstructorActivity } from '@/features/site/instructors/api';
import { relativeTime } from '@/lib/relative-time';
import { LoadFailed } from '@/components/ui/load-state';

const ICONS: Record<TActivityItem['type'], ComponentType<LucideProps>> = {
  enrollment: UserPlus,
  completion: Award,
  review: Star,
  message: MessageSquare,
  other: Activity,
};

/** Oversigt's recent activity (GET …/activity): what learners did on the instructor's courses, newest first. */
export function ActivityList({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const activity = useInstructorActivity(userId);
  const [now] = useState(() => Date.now());
  if (activity.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (activity.isError) {
    return <LoadFailed message={t('dashboard.activity.failed')} onRetry={activity.refetch} />;
  }
  if (activity.data.length === 0) {
    return (
      <EmptyState icon={Activity} title={t('dashboard.empty.activity.title')} description={t('dashboard.empty.activity.description')} />
    );
  }
  return (
    <Card className="p-5">
      <h3 className="font-semibold">{t('dashboard.activity.title')}</h3>
      <ul className="mt-4 flex flex-col divide-y divide-border" data-testid="activity-list">
        {activity.data.map((item) => {
          const Icon = ICONS[item.type];
          const student = item.studentName || t('dashboard.activity.someone');
          return (
            <li key={item.id} className="flex items-start gap-3 py-3" data-testid="activity-item" data-type={item.type}>
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm break-words">{t(`dashboard.activity.types.${item.type}`, { student, course: item.courseName })}</p>
                {item.details && <p className="mt-0.5 text-sm break-words text-muted-foreground">{item.details}</p>}
              </div>
              <time dateTime={item.timestamp} title={formatDate(item.timestamp)} className="shrink-0 text-xs text-muted-foreground">
                {relativeTime(item.timestamp, currentLocale(), now)}
              </time>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
