import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Star from 'lucide-react/icons/star';
import { REVIEW_REPLY_MAX, type TInstructorReview } from '@shared/schemas/dashboard.ts';
import { apiRequest, isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';
import { instructorKeys, useInstructorReviews } from '@/features/site/instructors/api';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnswerForm } from './answer-form';
import { QuestionAnswers } from './question-answers';

/** What the dialog opens on: learners' questions (the quick action), or their reviews (the attention list). */
export type ReviewsDialogTab = 'questions' | 'reviews';

/**
 * "Answer questions": learners' questions on the instructor's courses (GET …/questions) and their
 * reviews (GET …/reviews), a tab each, every item with the course's answer or a way to write one.
 * Each tab asks for its list when it is first shown.
 */
export function ReviewsDialog({
  userId,
  open,
  onOpenChange,
  tab = 'questions',
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab?: ReviewsDialogTab;
}) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState<ReviewsDialogTab>(tab);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dashboard.answers.title')}
      description={t('dashboard.answers.description')}
      className="w-[min(92vw,44rem)]"
    >
      <Tabs value={shown} onValueChange={(value) => setShown(value as ReviewsDialogTab)}>
        <TabsList aria-label={t('dashboard.answers.title')}>
          <TabsTrigger value="questions">{t('dashboard.questions.title')}</TabsTrigger>
          <TabsTrigger value="reviews">{t('dashboard.reviews.title')}</TabsTrigger>
        </TabsList>
        <TabsContent value="questions" className="mt-4">
          <QuestionAnswers userId={userId} enabled={open} />
        </TabsContent>
        <TabsContent value="reviews" className="mt-4">
          <Reviews userId={userId} enabled={open} />
        </TabsContent>
      </Tabs>
      <Button variant="secondary" className="self-end" onClick={() => onOpenChange(false)}>
        {t('dashboard.close')}
      </Button>
    </Dialog>
  );
}

/** What learners wrote about the instructor's courses, newest first. */
function Reviews({ userId, enabled }: { userId: string; enabled: boolean }) {
  const { t } = useTranslation('account');
  const reviews = useInstructorReviews(userId, enabled);
  if (reviews.isPending) return <Loading />;
  if (reviews.isError) return <LoadFailed message={t('dashboard.reviews.failed')} onRetry={reviews.refetch} />;
  if (reviews.data.length === 0) return <p className="text-sm">{t('dashboard.reviews.empty')}</p>;
  return (
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
          <ReviewReply userId={userId} review={review} />
        </li>
      ))}
    </ul>
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

/** The course's answer to one review: shown with who wrote it, or written, edited and taken back here. */
function ReviewReply({ userId, review }: { userId: string; review: TInstructorReview }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (reply: string | null) =>
      reply === null
        ? apiRequest<TInstructorReview>('DELETE', `/api/reviews/${review.id}/reply`)
        : apiRequest<TInstructorReview>('PUT', `/api/reviews/${review.id}/reply`, { body: { reply } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TInstructorReview[]>(instructorKeys.reviews(userId), (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
      // The attention list counts the reviews still to answer.
      void queryClient.invalidateQueries({ queryKey: instructorKeys.attention(userId) });
      setEditing(false);
    },
  });
  const error = save.isError ? (isApiError(save.error) && save.error.body?.message) || t('dashboard.reviews.replyFailed') : undefined;
  const fieldId = `reply-${review.id}`;

  if (!editing && review.reply) {
    return (
      <div className="mt-1 flex flex-col gap-1 rounded-lg border-l-4 border-primary bg-muted/60 p-3" data-testid="review-reply">
        <p className="text-xs font-semibold text-muted-foreground">
          {t('dashboard.reviews.replyBy', { name: review.repliedBy ?? '', date: formatDate(review.repliedAt ?? review.updatedAt) })}
        </p>
        <p className="text-sm break-words whitespace-pre-line">{review.reply}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            {t('dashboard.reviews.editReply')}
          </Button>
          <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => save.mutate(null)}>
            {t('dashboard.reviews.deleteReply')}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (!editing) {
    return (
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
        {t('dashboard.reviews.reply', { name: review.learnerName })}
      </Button>
    );
  }
  return (
    <AnswerForm
      id={fieldId}
      label={t('dashboard.reviews.replyLabel', { name: review.learnerName })}
      initial={review.reply ?? ''}
      maxLength={REVIEW_REPLY_MAX}
      rows={3}
      pending={save.isPending}
      error={error}
      submitLabel={t('dashboard.reviews.sendReply')}
      cancelLabel={t('dashboard.reviews.cancelReply')}
      onSubmit={(text) => save.mutate(text)}
      onCancel={() => {
        setEditing(false);
        save.reset();
      }}
    />
  );
}
