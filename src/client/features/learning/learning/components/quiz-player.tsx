import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import type { TAttemptResult, TPlayerLesson } from '@shared/schemas/learning.ts';
import type { quizForLearner } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useSubmitAttempt } from '../api/learning';

type LearnerQuiz = ReturnType<typeof quizForLearner>;
type Answers = Record<string, string[] | string>;

const triesLeft = (result: TAttemptResult) => !result.passed && (result.attemptsLeft === null || result.attemptsLeft > 0);

/**
 * A quiz in the player: the learner answers, hints on request; the server grades. After
 * submitting, each question says right or wrong with the chosen options' feedback (and the hint
 * for a wrong one); the correct answers and explanations only when the quiz's setting reveals them.
 * A failed quiz can be taken again while attempts are left.
 */
export function QuizPlayer({ courseId, lesson }: { courseId: string; lesson: TPlayerLesson }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const quiz = lesson.content as LearnerQuiz;
  const state = lesson.quiz!;
  const submit = useSubmitAttempt(courseId, lesson.id);
  const [answers, setAnswers] = useState<Answers>({});
  const [hints, setHints] = useState<Record<string, boolean>>({});
  const [retrying, setRetrying] = useState(false);
  // Where focus goes once the page shows the new state: the score after submitting, question 1
  // after Try again (otherwise it falls to <body>, and on a phone the score is off-screen).
  const focusNext = useRef<'result' | 'first' | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const questionsRef = useRef<HTMLOListElement>(null);
  const result: TAttemptResult | null = retrying ? null : (submit.data ?? state.lastAttempt);
  const canTry = !state.passed && (state.attemptsLeft === null || state.attemptsLeft > 0);
  const answering = result === null && canTry;

  const choose = (questionId: string, optionId: string, multiple: boolean, checked: boolean) =>
    setAnswers((current) => {
      if (!multiple) return { ...current, [questionId]: [optionId] };
      const chosen = new Set(Array.isArray(current[questionId]) ? (current[questionId] as string[]) : []);
      if (checked) chosen.add(optionId);
      else chosen.delete(optionId);
      return { ...current, [questionId]: [...chosen] };
    });

  useEffect(() => {
    if (focusNext.current === 'result' && resultRef.current) {
      resultRef.current.focus({ preventScroll: true });
      resultRef.current.scrollIntoView({ block: 'center' });
      focusNext.current = null;
    }
    const first = questionsRef.current?.querySelector<HTMLElement>('input:enabled, textarea:enabled');
    if (focusNext.current === 'first' && first) {
      first.focus();
      focusNext.current = null;
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(answers, {
      onSuccess: () => {
        focusNext.current = 'result';
        setRetrying(false);
      },
    });
  };

  const graded = new Map(result?.questions.map((q) => [q.questionId, q]) ?? []);
  const attemptsText =
    state.attemptsLeft === null
      ? t('quiz.unlimited')
      : t('quiz.attemptsLeft', { count: result ? (result.attemptsLeft ?? 0) : state.attemptsLeft });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-describedby={`${id}-rules`}>
      <p id={`${id}-rules`} className="text-sm text-muted-foreground">
        {t('quiz.rules', { passMark: state.passMark })} {attemptsText}
      </p>
      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="status"
          data-testid="quiz-result-box"
          className={`scroll-mt-24 rounded-xl border p-4 focus-visible:outline-2 focus-visible:outline-ring ${result.passed ? 'border-success/40 bg-success/10' : 'border-danger/40 bg-danger/10'}`}
        >
          <p className="font-medium" data-testid="quiz-result">
            {result.passed
              ? t('quiz.passed', { score: result.score })
              : t('quiz.failed', { score: result.score, passMark: result.passMark })}
          </p>
          {!result.answersRevealed && (state.revealAnswers === 'never' || triesLeft(result)) && (
            <p className="mt-1 text-sm" data-testid="quiz-answers-note">
              {t(
                state.revealAnswers === 'never'
                  ? 'quiz.answersNever'
                  : state.revealAnswers === 'passed' || state.maxAttempts === null
                    ? 'quiz.answersAfterPass'
                    : 'quiz.answersAfterLast',
              )}
            </p>
          )}
        </div>
      )}
      <ol ref={questionsRef} className="flex flex-col gap-4">
        {quiz.questions.map((question, index) => {
          const name = `${id}-${question.id}`;
          const outcome = graded.get(question.id);
          const chosen = answers[question.id];
          return (
            <li key={question.id} className="rounded-lg border border-border bg-card p-4" data-testid="quiz-question">
              <fieldset className="flex flex-col gap-3" disabled={!answering}>
                <legend className="flex flex-col gap-1">
                  <span className="text-sm font-medium text-muted-foreground">{t('quiz.question', { n: index + 1 })}</span>
                  <span className="text-base font-semibold whitespace-pre-line">{question.prompt}</span>
                </legend>
                <p className="text-sm text-muted-foreground">{t(`quiz.${question.type}`)}</p>
                {question.type === 'short_answer' ? (
                  <Input
                    aria-label={`${t('quiz.answer')}: ${question.prompt}`}
                    autoComplete="off"
                    maxLength={200}
                    value={typeof chosen === 'string' ? chosen : ''}
                    onChange={(e) => setAnswers((current) => ({ ...current, [question.id]: e.target.value }))}
                  />
                ) : (
                  <ul className="flex flex-col gap-2">
                    {question.options.map((option) => {
                      const multiple = question.type === 'multiple';
                      const checked = Array.isArray(chosen) && chosen.includes(option.id);
                      return (
                        <li key={option.id}>
                          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2.5 hover:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-ring">
                            <input
                              type={multiple ? 'checkbox' : 'radio'}
                              name={name}
                              value={option.id}
                              checked={checked}
                              onChange={(e) => choose(question.id, option.id, multiple, e.target.checked)}
                              className="size-4 accent-[var(--primary)]"
                            />
                            <span>{option.text}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {question.hint && answering && (
                  <div>
                    <button
                      type="button"
                      aria-expanded={hints[question.id] === true}
                      aria-controls={`${name}-hint`}
                      onClick={() => setHints((s) => ({ ...s, [question.id]: !s[question.id] }))}
                      className="rounded text-sm font-medium text-accent underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {hints[question.id] ? t('quiz.hideHint') : t('quiz.showHint')}
                    </button>
                    {hints[question.id] && (
                      <p id={`${name}-hint`} className="mt-2 text-sm text-muted-foreground">
                        {question.hint}
                      </p>
                    )}
                  </div>
                )}
                {outcome && (
                  <div className="flex flex-col gap-1.5 text-sm" data-testid="question-outcome">
                    <p className={`flex items-center gap-1.5 font-medium ${outcome.correct ? 'text-success' : 'text-danger'}`}>
                      {outcome.correct ? (
                        <CircleCheck aria-hidden="true" className="size-4" />
                      ) : (
                        <CircleX aria-hidden="true" className="size-4" />
                      )}
                      {outcome.correct ? t('quiz.right') : t('quiz.wrong')}
                    </p>
                    {outcome.feedback.map((f) => (
                      <p key={f.optionId}>{f.text}</p>
                    ))}
                    {!outcome.correct && !outcome.answer && question.hint && (
                      <p>
                        <span className="font-medium">{t('quiz.hint')}: </span>
                        {question.hint}
                      </p>
                    )}
                    {outcome.answer &&
                      !outcome.correct &&
                      (outcome.answer.correctOptionIds.length > 0 || outcome.answer.acceptedAnswers.length > 0) && (
                        <p className="text-muted-foreground">
                          {t('quiz.correctWas', {
                            answers:
                              outcome.answer.acceptedAnswers.length > 0
                                ? outcome.answer.acceptedAnswers.join(', ')
                                : question.options
                                    .filter((o) => outcome.answer!.correctOptionIds.includes(o.id))
                                    .map((o) => o.text)
                                    .join(', '),
                          })}
                        </p>
                      )}
                    {outcome.answer?.explanation && (
                      <p>
                        <span className="font-medium">{t('quiz.explanation')}: </span>
                        {outcome.answer.explanation}
                      </p>
                    )}
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {submit.error && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(submit.error) ?? t('player.failed')}
        </p>
      )}
      {answering ? (
        // Keys keep React from turning the clicked Try again button into this submit button
        // mid-click (the browser would then submit the empty form).
        <Button key="submit" type="submit" className="self-start" disabled={submit.isPending}>
          {submit.isPending ? t('quiz.submitting') : t('quiz.submit')}
        </Button>
      ) : (
        result &&
        !result.passed &&
        (canTry ? (
          <Button
            key="retry"
            variant="secondary"
            className="self-start"
            onClick={() => {
              focusNext.current = 'first';
              setAnswers({});
              setRetrying(true);
              submit.reset();
            }}
          >
            {t('quiz.retry')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('quiz.noAttempts')}</p>
        ))
      )}
    </form>
  );
}
