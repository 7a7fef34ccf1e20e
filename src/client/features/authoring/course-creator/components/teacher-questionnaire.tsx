import { useEffect, useRef, useState } from 'react';
import type { TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { CREATOR_TIMINGS } from '@shared/creator-timings.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useAnalyzeTeacherNeeds } from '../api/analyze-teacher-needs';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import { firstOpenStep, QUESTIONNAIRE_STEPS, stepAnswered, type Answers, type CourseDraft } from '../lib/wizard';

export interface TeacherQuestionnaireProps {
  draft: CourseDraft;
  /** The answers so far (the wizard keeps them, and saves them with its draft). */
  answers: Answers;
  onAnswers: (answers: Answers) => void;
  onAnalysed: (profile: TTeacherProfile) => void;
  onSetupRequired: () => void;
}

/**
 * The teacher questionnaire: 8 steps, Next disabled until answered, Previous disabled on step
 * 1; after the last step the answers are sent for analysis after 2 s, with a spinner until
 * the answer is here.
 */
export function TeacherQuestionnaire({ draft, answers, onAnswers, onAnalysed, onSetupRequired }: TeacherQuestionnaireProps) {
  const { t } = useTranslation('creator-wizard');
  // Answers restored from a saved draft continue at the first question still open.
  const [step, setStep] = useState(() => firstOpenStep(answers));
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const analyse = useAnalyzeTeacherNeeds();
  const firstInput = useRef<HTMLTextAreaElement>(null);
  const moved = useRef(false);
  const fields = QUESTIONNAIRE_STEPS[step] ?? [];
  const last = step === QUESTIONNAIRE_STEPS.length - 1;
  const busy = waiting || analyse.isPending;

  // Each question's answer box gets the focus when the user moves between questions.
  useEffect(() => {
    if (moved.current) firstInput.current?.focus();
  }, [step]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(false);
      const given = Object.fromEntries(
        Object.entries(answers)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      );
      analyse.mutate(
        { answers: given, course_context: { language: currentLanguage(), ...(draft.title && { title: draft.title }) } },
        {
          onSuccess: (profile) => {
            toast({ title: t('toast.profileTitle'), description: t('toast.profileText', { count: profile.missingFeatures.length }) });
            onAnalysed(profile);
          },
          onError: (error) => {
            if (isSetupRequired(error)) return onSetupRequired();
            setFailure(errorText(error));
            toast({ title: t('toast.analysisFailed'), description: t('toast.analysisFailedText'), variant: 'destructive' });
          },
        },
      );
    }, CREATOR_TIMINGS.analysisDelayMs);
    return () => clearTimeout(timer);
    // The analysis starts once per press of the last step's button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const move = (to: number) => {
    moved.current = true;
    setStep(to);
  };

  return (
    <form
      className="flex flex-col gap-5"
      aria-labelledby="questionnaire-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!stepAnswered(answers, step) || busy) return;
        if (!last) return move(step + 1);
        setFailure(null);
        setWaiting(true);
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="questionnaire-heading" className="text-lg font-semibold">
          {t('questionnaire.heading')}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="questionnaire-progress">
          {t('questionnaire.progress', { current: step + 1, total: QUESTIONNAIRE_STEPS.length })}
        </p>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${((step + 1) / QUESTIONNAIRE_STEPS.length) * 100}%` }} />
      </div>
      {fields.map((field, index) => (
        <Field key={field} id={`question-${field}`} label={t(`questionnaire.${field}.label`)} required>
          {(control) => (
            <Textarea
              {...control}
              ref={index === 0 ? firstInput : undefined}
              value={answers[field]}
              maxLength={2000}
              disabled={busy}
              onChange={(event) => onAnswers({ ...answers, [field]: event.target.value })}
            />
          )}
        </Field>
      ))}
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm" data-testid="analysing">
          <Spinner />
          {t('questionnaire.analysing')}
        </p>
      )}
      {failure && !busy && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={step === 0 || busy} onClick={() => move(step - 1)}>
          {t('questionnaire.previous')}
        </Button>
        <Button type="submit" disabled={!stepAnswered(answers, step) || busy}>
          {last ? t('questionnaire.analyse') : t('questionnaire.next')}
        </Button>
      </div>
    </form>
  );
}
