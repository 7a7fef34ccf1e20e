import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { quizForLearner } from '@shared/lesson-display.ts';
import type { TQuizContent } from '@shared/schemas/lesson-content.ts';
import { Input } from '@/components/ui/input';

type LearnerQuiz = ReturnType<typeof quizForLearner>;

/**
 * A quiz as a learner sees it before submitting: questions, options and hints, and nothing of the
 * answer key (quizForLearner drops correct flags, feedback, accepted answers and explanations).
 * Choices are the learner's own; submitting and marking belong to the course player.
 */
export function QuizLessonView({ content }: { content: TQuizContent }) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const quiz: LearnerQuiz = quizForLearner({
    passMark: content.passMark,
    maxAttempts: content.maxAttempts,
    questions: (content.questions ?? []).map((q) => ({ ...q, options: q.options ?? [] })),
  });
  const [hintsShown, setHintsShown] = useState<Record<string, boolean>>({});

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t('quizView.rules', { passMark: quiz.passMark })}{' '}
        {quiz.maxAttempts === null ? t('quizView.unlimitedAttempts') : t('quizView.attempts', { count: quiz.maxAttempts })}
      </p>
      {quiz.questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('quizView.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {quiz.questions.map((question, index) => {
            const name = `${id}-${question.id}`;
            const promptId = `${name}-prompt`;
            return (
              <li key={question.id} className="rounded-lg border border-border bg-card p-4">
                <fieldset className="flex flex-col gap-3" aria-describedby={`${name}-type`}>
                  <legend id={promptId} className="flex flex-col gap-1">
                    <span className="text-sm font-medium text-muted-foreground">{t('quiz.question', { number: index + 1 })}</span>
                    <span className="text-base font-semibold whitespace-pre-line text-foreground">{question.prompt}</span>
                  </legend>
                  <p id={`${name}-type`} className="text-sm text-muted-foreground">
                    {t(`quizView.instructions.${question.type}`)}
                  </p>
                  {question.type === 'short_answer' ? (
                    <div className="flex flex-col gap-1.5">
                      <label htmlFor={`${name}-answer`} className="sr-only">
                        {t('quizView.yourAnswer')}
                      </label>
                      <Input id={`${name}-answer`} autoComplete="off" placeholder={t('quizView.yourAnswer')} maxLength={200} />
                    </div>
                  ) : (
                    <ul className="flex flex-col gap-2">
                      {question.options.map((option) => (
                        <li key={option.id}>
                          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2.5 text-foreground hover:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-ring">
                            <input
                              type={question.type === 'multiple' ? 'checkbox' : 'radio'}
                              name={name}
                              value={option.id}
                              className="size-4 accent-[var(--primary)]"
                            />
                            <span>{option.text}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                  {question.hint && (
                    <div>
                      <button
                        type="button"
                        aria-expanded={hintsShown[question.id] === true}
                        aria-controls={`${name}-hint`}
                        onClick={() => setHintsShown((s) => ({ ...s, [question.id]: !s[question.id] }))}
                        className="rounded text-sm font-medium text-accent underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        {hintsShown[question.id] ? t('quizView.hideHint') : t('quizView.showHint')}
                      </button>
                      <p
                        id={`${name}-hint`}
                        hidden={!hintsShown[question.id]}
                        className="mt-2 text-sm whitespace-pre-line text-muted-foreground"
                      >
                        {question.hint}
                      </p>
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
