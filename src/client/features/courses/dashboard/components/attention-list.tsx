import { lazy, Suspense, useState, type ReactNode } from 'react';
import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import FilePen from 'lucide-react/icons/file-pen';
import type { LucideIcon } from 'lucide-react';
import { courseBuilderPath } from '@shared/routes.ts';
import { workspaceSectionPath } from '@shared/workspace-routes.ts';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/load-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useInstructorAttention } from '@/features/site/instructors/api';
import { formatDate } from '@/lib/format';
import { ShellLink } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

const JOB_KINDS = ['whole-course', 'module', 'all-quizzes', 'translate-course'] as const;
type JobKindName = (typeof JOB_KINDS)[number] | 'other';
const jobKindOf = (kind: string): JobKindName => ((JOB_KINDS as readonly string[]).includes(kind) ? (kind as JobKindName) : 'other');

interface Item {
  key: string;
  /** Where it is dealt with: a page, or (a review to answer) the reviews dialog. */
  to?: string;
  onSelect?: () => void;
  text: string;
  detail: string;
}

const ReviewsDialog = lazy(() => import('./reviews-dialog').then((m) => ({ default: m.ReviewsDialog })));

/**
 * The overview's first card: what needs the person's attention, from the data (GET …/attention):
 * drafts to finish, learners past their due date, AI jobs that failed and were not run again,
 * reviews to answer (in the reviews dialog).
 * Each item leads to where it is dealt with; an item goes when the work is done.
 */
export function AttentionList({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const attention = useInstructorAttention(userId);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  if (attention.isPending) return <Skeleton className="h-40" aria-busy="true" />;
  if (attention.isError) return <LoadFailed message={t('dashboard.attention.failed')} onRetry={attention.refetch} />;
  const { drafts, overdue, failedJobs, unanswered, totals } = attention.data;
  const empty = totals.drafts + totals.overdue + totals.failedJobs + totals.unanswered === 0;
  const kindName = (kind: string): string => t(`dashboard.attention.jobKind.${jobKindOf(kind)}`);
  return (
    <Card role="region" aria-labelledby="attention-title" className="p-5" data-testid="attention-list">
      <h2 id="attention-title" className="font-semibold">
        {t('dashboard.attention.title')}
      </h2>
      {empty ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-empty">
          <CircleCheck aria-hidden="true" className="size-4 text-success" />
          {t('dashboard.attention.empty')}
        </p>
      ) : (
        <div className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
          <Group
            kind="drafts"
            Icon={FilePen}
            title={t('dashboard.attention.drafts', { count: totals.drafts })}
            more={totals.drafts - drafts.length}
            moreTo={workspaceSectionPath('courses')}
            items={drafts.map((draft) => ({
              key: draft.courseId,
              to: courseBuilderPath(draft.courseId),
              text: draft.title,
              detail: t('dashboard.attention.edited', { date: formatDate(draft.updatedAt) }),
            }))}
          />
          <Group
            kind="overdue"
            Icon={Clock}
            title={t('dashboard.attention.overdue', { count: totals.overdue })}
            more={totals.overdue - overdue.length}
            moreTo={workspaceSectionPath('people')}
            items={overdue.map((row) => ({
              key: `${row.userId}:${row.courseId}`,
              to: workspaceSectionPath('people'),
              text: row.learnerName,
              detail: t('dashboard.attention.due', { course: row.courseName, date: formatDate(row.dueAt) }),
            }))}
          />
          <Group
            kind="failed-jobs"
            Icon={CircleAlert}
            title={t('dashboard.attention.failedJobs', { count: totals.failedJobs })}
            more={totals.failedJobs - failedJobs.length}
            moreTo={workspaceSectionPath('courses')}
            items={failedJobs.map((job) => ({
              key: job.id,
              to: job.courseId ? courseBuilderPath(job.courseId) : workspaceSectionPath('courses'),
              text: job.courseName ? `${kindName(job.kind)}: ${job.courseName}` : kindName(job.kind),
              detail: t('dashboard.attention.failedAt', { date: formatDate(job.failedAt) }),
            }))}
          />
          <Group
            kind="reviews"
            Icon={MessageSquareReply}
            title={t('dashboard.attention.unanswered', { count: totals.unanswered })}
            more={totals.unanswered - unanswered.length}
            onMore={() => setReviewsOpen(true)}
            items={unanswered.map((review) => ({
              key: review.reviewId,
              onSelect: () => setReviewsOpen(true),
              text: t('dashboard.attention.reviewBy', { name: review.learnerName, rating: review.rating }),
              detail: t('dashboard.attention.reviewOf', { course: review.courseName, date: formatDate(review.createdAt) }),
            }))}
          />
        </div>
      )}
      {reviewsOpen && (
        <Suspense fallback={null}>
          <ReviewsDialog userId={userId} open={reviewsOpen} onOpenChange={setReviewsOpen} tab="reviews" />
        </Suspense>
      )}
    </Card>
  );
}

const ITEM = 'block rounded-lg px-2 py-1.5 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';
const MORE = 'mt-1 inline-block px-2 text-sm font-medium text-accent underline-offset-4 hover:underline';

function Group({
  kind,
  Icon,
  title,
  items,
  more,
  moreTo,
  onMore,
}: {
  kind: string;
  Icon: LucideIcon;
  title: string;
  items: Item[];
  more: number;
  moreTo?: string;
  onMore?: () => void;
}): ReactNode {
  const { t } = useTranslation('account');
  if (items.length === 0) return null;
  return (
    <section aria-label={title} data-testid={`attention-${kind}`}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-accent" />
        {title}
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.key}>
            {item.to ? (
              <ShellLink to={item.to} className={ITEM}>
                <span className="block font-medium break-words">{item.text}</span>
                <span className="block text-xs text-muted-foreground">{item.detail}</span>
              </ShellLink>
            ) : (
              <button type="button" onClick={item.onSelect} className={`${ITEM} w-full text-left`}>
                <span className="block font-medium break-words">{item.text}</span>
                <span className="block text-xs text-muted-foreground">{item.detail}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {more > 0 &&
        (moreTo ? (
          <ShellLink to={moreTo} className={MORE}>
            {t('dashboard.attention.more', { count: more })}
          </ShellLink>
        ) : (
          <button type="button" onClick={onMore} className={MORE}>
            {t('dashboard.attention.more', { count: more })}
          </button>
        ))}
    </section>
  );
}
