import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { QUIZ_REVEALS, type QuizReveal, type TQuizContent } from '@shared/schemas/lesson-content.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** An integer field kept as typed until it is a valid number in range. */
function useIntegerDraft(value: number | null, min: number, max: number, commit: (value: number) => void) {
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value === null ? '' : String(value));
  }
  const valid = /^\d+$/.test(draft.trim()) && Number(draft) >= min && Number(draft) <= max;
  return {
    draft,
    invalid: draft.trim() !== '' && !valid,
    empty: draft.trim() === '',
    onChange: (next: string) => {
      setDraft(next);
      const n = Number(next);
      if (/^\d+$/.test(next.trim()) && n >= min && n <= max && n !== value) commit(n);
    },
  };
}

/** A quiz's settings: the pass mark, the attempts a learner has, and when the correct answers show. */
export function QuizSettings({
  content,
  onChange,
  disabled,
}: {
  content: TQuizContent;
  onChange: (content: TQuizContent) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const [attemptsDraftFallback, setAttemptsFallback] = useState(content.maxAttempts ?? 3);
  const passMark = useIntegerDraft(content.passMark, 0, 100, (passMark) => onChange({ ...content, passMark }));
  const attempts = useIntegerDraft(content.maxAttempts, 1, 100, (maxAttempts) => {
    setAttemptsFallback(maxAttempts);
    onChange({ ...content, maxAttempts });
  });
  const unlimited = content.maxAttempts === null;

  return (
    <fieldset disabled={disabled} className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{t('quiz.settings')}</legend>
      <Field
        id={`${id}-pass`}
        label={t('quiz.passMark')}
        hint={t('quiz.passMarkHint')}
        error={passMark.invalid || passMark.empty ? t('quiz.passMarkInvalid') : undefined}
      >
        {(control) => (
          <div className="flex items-center gap-2">
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={passMark.draft}
              onChange={(e) => passMark.onChange(e.target.value)}
              className="w-28"
            />
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              %
            </span>
          </div>
        )}
      </Field>
      <div className="flex flex-col gap-3">
        <Field
          id={`${id}-attempts`}
          label={t('quiz.maxAttempts')}
          hint={t('quiz.maxAttemptsHint')}
          error={!unlimited && (attempts.invalid || attempts.empty) ? t('quiz.maxAttemptsInvalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              disabled={disabled || unlimited}
              value={unlimited ? '' : attempts.draft}
              onChange={(e) => attempts.onChange(e.target.value)}
              className="w-28"
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-unlimited`}
            checked={unlimited}
            disabled={disabled}
            onCheckedChange={(checked) => onChange({ ...content, maxAttempts: checked === true ? null : attemptsDraftFallback })}
          />
          <label htmlFor={`${id}-unlimited`} className="text-sm">
            {t('quiz.unlimited')}
          </label>
        </div>
      </div>
      <Field id={`${id}-reveal`} label={t('quiz.revealAnswers')} hint={t('quiz.revealAnswersHint')} className="sm:col-span-2">
        {(control) => (
          <select
            {...control}
            value={content.revealAnswers}
            onChange={(e) => onChange({ ...content, revealAnswers: e.target.value as QuizReveal })}
            className={cn(inputClasses, 'sm:w-auto')}
          >
            {QUIZ_REVEALS.map((reveal) => (
              <option key={reveal} value={reveal}>
                {t(`quiz.reveal.${reveal}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
