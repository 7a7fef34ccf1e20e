import { useId, useState, type FormEvent } from 'react';
import Star from 'lucide-react/icons/star';
import type { TReview } from '@shared/schemas/dashboard.ts';
import { REVIEW_COMMENT_MAX } from '@shared/limits.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useMyReview, useSaveReview } from '../api/review';

/**
 * A learner who has started a course rates it 1–5 with an optional comment, once, and
 * may edit it. Shown in the player; says nothing until the server says the learner may review.
 */
export function CourseReview({ courseId }: { courseId: string }) {
  const mine = useMyReview(courseId);
  if (!mine.data?.canReview) return null;
  // Keyed by the stored review, so a saved edit starts the form from what is stored.
  return <ReviewForm key={mine.data.review?.updatedAt ?? 'new'} courseId={courseId} review={mine.data.review} />;
}

function ReviewForm({ courseId, review }: { courseId: string; review: TReview | null }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const save = useSaveReview(courseId);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [quote, setQuote] = useState(review?.quote ?? false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('courseReview.chooseRating'));
      document.getElementById(`${id}-1`)?.focus();
      return;
    }
    setError(null);
    save.mutate(
      { rating, comment, quote },
      {
        onSuccess: () => toast({ title: t(review ? 'courseReview.updated' : 'courseReview.saved') }),
        onError: (failure) => setError(serverMessage(failure) ?? t('courseReview.failed')),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4"
      aria-labelledby={`${id}-title`}
      data-testid="course-review"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {review ? t('courseReview.yours') : t('courseReview.title')}
      </h2>
      {review?.reply && (
        <div className="rounded-lg border-l-4 border-primary bg-muted/60 p-3" data-testid="course-review-reply">
          <p className="text-xs font-semibold text-muted-foreground">{t('courseReview.reply')}</p>
          <p className="text-sm break-words whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('courseReview.rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <Star aria-hidden="true" className={cn('size-6', value <= rating ? 'fill-accent text-accent' : 'text-muted-foreground')} />
              <span className="sr-only">{t('courseReview.stars', { count: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium">
          {t('courseReview.comment')}
        </label>
        <Textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          onChange={(event) => setComment(event.target.value)}
          className="min-h-20"
        />
      </div>
      <div className="flex items-start gap-2.5">
        <Checkbox id={`${id}-quote`} checked={quote} onCheckedChange={(checked) => setQuote(checked === true)} className="mt-0.5" />
        <label htmlFor={`${id}-quote`} className="text-sm">
          {t('courseReview.quote')}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={save.isPending}>
        {save.isPending ? t('courseReview.saving') : review ? t('courseReview.update') : t('courseReview.submit')}
      </Button>
    </form>
  );
}
