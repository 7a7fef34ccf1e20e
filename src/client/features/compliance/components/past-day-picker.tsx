import { useRef } from 'react';
import History from 'lucide-react/icons/history';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { copenhagenToday, dayAsIso, dayBefore, isDay } from '@/lib/copenhagen-days';
import type { PastDay } from '../lib/use-past-day';

/**
 * The date a report shows the statuses of: today unless an earlier day is chosen, and then a notice
 * that cannot be missed that this is the past, with the way back to now.
 */
export function PastDayPicker({ id, pastDay }: { id: string; pastDay: PastDay }) {
  const { t } = useTranslation('compliance');
  const input = useRef<HTMLInputElement>(null);
  const today = copenhagenToday();
  const choose = (value: string) => pastDay.setDay(isDay(value) && value < today ? value : undefined);

  return (
    <div className="flex flex-col gap-3">
      <Field id={id} label={t('past.label')} hint={t('past.hint')} className="max-w-64">
        {(control) => (
          <Input
            {...control}
            ref={input}
            type="date"
            max={dayBefore(today)}
            value={pastDay.day ?? ''}
            onChange={(e) => choose(e.target.value)}
          />
        )}
      </Field>
      {/* Announced when a day is chosen or the view returns to now. */}
      <div role="status">
        {pastDay.day && (
          <div
            className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/60 bg-amber-500/10 px-4 py-3 text-sm"
            data-testid="past-notice"
          >
            <History aria-hidden="true" className="size-5 shrink-0 text-foreground" />
            <p className="min-w-0 flex-1">
              <strong className="font-semibold">{t('past.title')}</strong> {t('past.showing', { date: formatDate(dayAsIso(pastDay.day)) })}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                pastDay.setDay(undefined);
                // The button goes with the notice: focus stays where the date is chosen.
                input.current?.focus();
              }}
            >
              {t('past.now')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
