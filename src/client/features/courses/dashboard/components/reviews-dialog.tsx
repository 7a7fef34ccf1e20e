import { useTranslation } from '@/lib/use-translation';
import Star from 'lucide-react/icons/star';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useInstructorReviews } from '@/features/site/instructors/api';
import { Loading, LoadFailed } from '@/components/ui/load-state';

/** "Answer questions": what learners wrote about the instructor's courses (GET …/reviews), newest first. */
export function ReviewsDialog({ userId, open, onOpenChange }: { userId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const reviews = useInstructorReviews(userId, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dashboard.reviews.title')}
      description={t('dashboard.reviews.description')}
      className="w-[min(92vw,44rem)]"
    >
      {reviews.isPending ? (
        <Loading />
      ) : reviews.isError ? (
        <LoadFailed message={t('dashboard.reviews.failed')} onRetry={reviews.refetch} />
      ) : reviews.data.length === 0 ? (
        <p className="text-sm">{t('dashboard.reviews.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('dashboard.reviews.title')}>
          {reviews.data.map((review) => (
            <li key={review.id} className="flex flex-col gap-1.5 rounded-xl border border-border p-4" data-testid="review-item">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars rating={review.rating} />
                <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
                  {formatDate(review.createdAt)}
                </time>
              </div>
              <p className="text-sm font-medium break-words">{review.courseName}</p>
              <p className={cn('text-sm break-words', !review.comment && 'text-muted-foreground italic')}>
                {review.comment || t('dashboard.reviews.noComment')}
              </p>
              <p className="text-sm text-muted-foreground">{t('dashboard.reviews.by', { name: review.learnerName })}</p>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="self-end" onClick={() => onOpenChange(false)}>
        {t('dashboard.close')}
      </Button>
    </Dialog>
  );
}

/** Five stars, the rating's filled; read as "4 af 5 stjerner". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('account');
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={t('dashboard.reviews.stars', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-current text-accent' : 'text-muted-foreground')} />
      ))}
    </span>
  );
}
