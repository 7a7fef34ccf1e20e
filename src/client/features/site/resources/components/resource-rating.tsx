import { useRef, useState } from 'react';
import type { ResourceLanguage } from '@shared/resources.ts';
import type { TResourceDetail } from '@shared/schemas/resources.ts';
import { useTranslation } from '@/lib/use-translation';
import { rateResource } from '../api';
import { formatAverage } from '../resource-format';

type Saving = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Visitors rate a resource 1–5, once each: the server knows a visitor by their address, so a
 * second rating changes the first. Five radio buttons drawn as stars, so the arrow keys choose
 * and the choice is announced; the average and count update from the server's answer.
 */
export function ResourceRating({ resource, lang }: { resource: TResourceDetail; lang: ResourceLanguage }) {
  const { t } = useTranslation('page-resource');
  const [rating, setRating] = useState(resource.rating);
  const [mine, setMine] = useState(resource.myRating);
  const [saving, setSaving] = useState<Saving>('idle');
  const shown = mine ?? 0;

  // Arrow keys move through the stars one choice at a time: the group stays usable while a rating
  // is saved, the ratings go to the server one after another, and the last one chosen stands.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(0);
  const saved = useRef(resource.myRating);
  const choose = (value: number) => {
    const turn = ++latest.current;
    setMine(value);
    setSaving('saving');
    queue.current = queue.current.then(() =>
      rateResource(resource.slug, value).then(
        (result) => {
          saved.current = result.myRating;
          if (turn !== latest.current) return;
          setRating(result.rating);
          setSaving('saved');
        },
        () => {
          if (turn !== latest.current) return;
          setMine(saved.current);
          setSaving('failed');
        },
      ),
    );
  };

  return (
    <section aria-labelledby="resource-rating" className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6">
      <h2 id="resource-rating" className="text-lg font-semibold">
        {t('rating.title')}
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="resource-rating-average">
        {rating.average === null
          ? t('rating.none')
          : t('rating.average', { average: formatAverage(rating.average, lang), count: rating.count })}
      </p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t(mine === null ? 'rating.ask' : 'rating.change')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input
                type="radio"
                name="resource-rating"
                value={value}
                checked={mine === value}
                onChange={() => choose(value)}
                className="sr-only"
              />
              <span className="sr-only">{t('rating.stars', { count: value })}</span>
              <StarShape filled={value <= shown} />
            </label>
          ))}
        </div>
      </fieldset>
      <p role="status" className="min-h-5 text-sm" data-testid="resource-rating-status">
        {saving === 'saved' && t('rating.saved')}
        {saving === 'failed' && <span className="text-destructive">{t('rating.failed')}</span>}
      </p>
    </section>
  );
}

/**
 * A five-pointed star drawn here rather than taken from the icon set: the icon set's star shares a
 * chunk with the dashboard's icons, which would put them all on this light public page.
 */
function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-7 ${filled ? 'fill-accent text-accent' : 'fill-none text-muted-foreground'}`}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z" />
    </svg>
  );
}
