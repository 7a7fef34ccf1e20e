import { useState, type FormEvent } from 'react';
import Archive from 'lucide-react/icons/archive';
import type { TRetention, TRetentionView } from '@shared/schemas/erasure.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useRetention, useSaveRetention } from './api/erasure';

type MonthsKey = 'inactiveLearnerMonths' | 'aiConversationMonths' | 'quizAnswerMonths' | 'logMonths';

/** The choices each limit offers, in months; the logs keep at least a year (the audit's minimum). */
const CHOICES: Record<MonthsKey, number[]> = {
  inactiveLearnerMonths: [6, 12, 24, 36, 60],
  aiConversationMonths: [3, 6, 12, 24],
  quizAnswerMonths: [6, 12, 24, 36, 60],
  logMonths: [12, 24, 36, 60],
};

/**
 * Data retention, for the company's admins (docs/features/privacy.md): how long what is no longer
 * needed is kept, applied each night, and whether an erased person's training records stay.
 */
export function RetentionSettings() {
  const { t } = useTranslation('privacy');
  const retention = useRetention();
  return (
    <Card role="region" aria-labelledby="retention-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Archive aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="retention-title" className="text-base font-semibold">
            {t('retention.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('retention.description')}</p>
        </div>
      </div>
      {retention.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('retention.loading')}
        </p>
      ) : retention.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('retention.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void retention.refetch()}>
            {t('retention.retry')}
          </Button>
        </p>
      ) : (
        <RetentionForm saved={retention.data} />
      )}
    </Card>
  );
}

function RetentionForm({ saved }: { saved: TRetentionView }) {
  const { t } = useTranslation('privacy');
  const save = useSaveRetention();
  const { lastRunAt: _lastRunAt, ...initial } = saved;
  const [draft, setDraft] = useState<TRetention>(initial);
  const [graceText, setGraceText] = useState(String(saved.graceDays));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const grace = Number(graceText);
  const graceValid = Number.isInteger(grace) && grace >= 1 && grace <= 30;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!graceValid) return;
    setMessage(undefined);
    save.mutate(
      { ...draft, graceDays: grace },
      {
        onSuccess: () => setMessage({ ok: true, text: t('retention.saved') }),
        onError: (error) => setMessage({ ok: false, text: serverMessage(error) ?? t('retention.failed') }),
      },
    );
  };

  const months = (key: MonthsKey) => (
    <Field id={`retention-${key}`} label={t(`retention.fields.${key}`)}>
      {(control) => (
        <select
          {...control}
          className={inputClasses}
          value={draft[key] === null ? '' : String(draft[key])}
          onChange={(event) => setDraft({ ...draft, [key]: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">{t('retention.never')}</option>
          {/* A value saved through the API that the list does not offer stays choosable. */}
          {[...new Set([...CHOICES[key], ...(draft[key] === null ? [] : [draft[key]])])]
            .toSorted((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {t('retention.months', { count: n })}
              </option>
            ))}
        </select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="retention-title">
      <div className="grid gap-4 sm:grid-cols-2">
        {months('inactiveLearnerMonths')}
        {months('aiConversationMonths')}
        {months('quizAnswerMonths')}
        {months('logMonths')}
        <Field
          id="retention-grace"
          label={t('retention.fields.graceDays')}
          hint={t('retention.graceHint')}
          error={graceValid ? undefined : t('retention.graceInvalid')}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              value={graceText}
              onChange={(e) => setGraceText(e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <Checkbox
          className="mt-0.5"
          checked={draft.keepTrainingRecords}
          onCheckedChange={(keepTrainingRecords) => setDraft({ ...draft, keepTrainingRecords })}
          aria-describedby="retention-keep-hint"
        />
        <span>
          <span className="font-medium">{t('retention.fields.keepTrainingRecords')}</span>
          <span id="retention-keep-hint" className="block text-muted-foreground">
            {t('retention.keepHint')}
          </span>
        </span>
      </label>
      <p className="text-sm text-muted-foreground">
        {saved.lastRunAt ? t('retention.lastRun', { time: formatDateTime(saved.lastRunAt) }) : t('retention.notRun')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('retention.save')}
        </Button>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-success' : 'text-sm text-danger'}>
            {message.text}
          </p>
        )}
      </div>
    </form>
  );
}
