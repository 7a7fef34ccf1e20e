import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Plus from 'lucide-react/icons/plus';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash-2';
import { QUESTION_TYPES, type QuestionType, type TQuizContent, type TQuizQuestion } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import {
  addQuestion,
  changeQuestionType,
  MAX_QUESTIONS,
  moveQuestion,
  questionProblems,
  questionsWithoutAnswer,
  removeQuestion,
  setAcceptedAnswers,
  updateQuestion,
  type QuizLabels,
} from './quiz-model';
import { AcceptedAnswersEditor } from './accepted-answers-editor';
import { ChoiceOptionsEditor } from './choice-options-editor';
import { QuizSettings } from './quiz-settings';

export interface QuizEditorProps {
  content: TQuizContent;
  onChange: (content: TQuizContent) => void;
  disabled?: boolean;
  /** Rewrites one question with AI (the builder's business); absent, the button is not shown. */
  onRegenerateQuestion?: ((index: number) => void) | undefined;
  /** The question being rewritten, if any. */
  regeneratingQuestion?: number | null | undefined;
}

const iconButton = 'size-9';

export function QuizEditor({ content, onChange, disabled = false, onRegenerateQuestion, regeneratingQuestion = null }: QuizEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const labels: QuizLabels = { true: t('quiz.true'), false: t('quiz.false') };
  const [newType, setNewType] = useState<QuestionType>('single');
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const missing = questionsWithoutAnswer(content);
  const setQuestion = (questionId: string, change: (q: TQuizQuestion) => TQuizQuestion) =>
    onChange(updateQuestion(content, questionId, change));
  const qid = (questionId: string, part: string) => `${id}-${questionId}-${part}`;

  const typeLabel = (type: QuestionType) => t(`quiz.types.${type}`);

  return (
    <div className="flex flex-col gap-6">
      <QuizSettings content={content} onChange={onChange} disabled={disabled} />

      <div role="status" aria-live="polite">
        {missing.length > 0 && (
          <p className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-foreground">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
            {t('quiz.missingAnswers', { count: missing.length, questions: missing.join(', ') })}
          </p>
        )}
      </div>

      {content.questions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('quiz.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {content.questions.map((question, index) => {
            const number = index + 1;
            const problems = questionProblems(question);
            const problemsId = qid(question.id, 'problems');
            const choice = question.type !== 'short_answer';
            return (
              <li key={question.id}>
                <section
                  aria-labelledby={qid(question.id, 'heading')}
                  aria-describedby={problems.length > 0 ? problemsId : undefined}
                  className={cn(
                    'flex flex-col gap-4 rounded-lg border bg-card p-4',
                    problems.includes('noCorrect') || problems.includes('noAcceptedAnswer') ? 'border-danger/60' : 'border-border',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3
                      id={qid(question.id, 'heading')}
                      tabIndex={-1}
                      className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {t('quiz.question', { number })}
                      <span className="ms-2 text-sm font-normal text-muted-foreground">{typeLabel(question.type)}</span>
                    </h3>
                    <div className="flex gap-1">
                      {onRegenerateQuestion && (
                        <Button
                          variant="ghost"
                          size="icon"
                          className={iconButton}
                          aria-label={t('quiz.regenerateQuestion', { number })}
                          title={t('quiz.regenerateQuestion', { number })}
                          disabled={disabled || regeneratingQuestion !== null}
                          onClick={() => onRegenerateQuestion(index)}
                        >
                          {regeneratingQuestion === index ? <Spinner /> : <Sparkles aria-hidden="true" className="size-4" />}
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="icon"
                        className={iconButton}
                        aria-label={t('quiz.moveQuestionUp', { number })}
                        disabled={disabled || index === 0}
                        onClick={() => {
                          pendingFocus.current = `${qid(question.id, 'up')}`;
                          onChange(moveQuestion(content, question.id, -1));
                        }}
                        id={qid(question.id, 'up')}
                      >
                        <ArrowUp aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className={iconButton}
                        aria-label={t('quiz.moveQuestionDown', { number })}
                        disabled={disabled || index === content.questions.length - 1}
                        onClick={() => {
                          pendingFocus.current = `${qid(question.id, 'down')}`;
                          onChange(moveQuestion(content, question.id, 1));
                        }}
                        id={qid(question.id, 'down')}
                      >
                        <ArrowDown aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className={iconButton}
                        aria-label={t('quiz.removeQuestion', { number })}
                        disabled={disabled}
                        onClick={() => {
                          const next = content.questions[index + 1] ?? content.questions[index - 1];
                          pendingFocus.current = next ? qid(next.id, 'heading') : `${id}-add`;
                          onChange(removeQuestion(content, question.id));
                        }}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </div>

                  <fieldset disabled={disabled} className="flex flex-col gap-4">
                    <Field id={qid(question.id, 'type')} label={t('quiz.type')}>
                      {(control) => (
                        <select
                          {...control}
                          value={question.type}
                          onChange={(e) => setQuestion(question.id, (q) => changeQuestionType(q, e.target.value as QuestionType, labels))}
                          className={cn(inputClasses, 'sm:w-64')}
                        >
                          {QUESTION_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {typeLabel(type)}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <Field id={qid(question.id, 'prompt')} label={t('quiz.prompt')} required>
                      {(control) => (
                        <Textarea
                          {...control}
                          value={question.prompt}
                          maxLength={2000}
                          className="min-h-20"
                          onChange={(e) => setQuestion(question.id, (q) => ({ ...q, prompt: e.target.value }))}
                        />
                      )}
                    </Field>

                    {choice ? (
                      <ChoiceOptionsEditor
                        question={question}
                        idOf={(part) => qid(question.id, part)}
                        disabled={disabled}
                        onChange={(change) => setQuestion(question.id, change)}
                        onFocusNext={(target) => (pendingFocus.current = target)}
                      />
                    ) : (
                      <AcceptedAnswersEditor
                        question={question}
                        idOf={(part) => qid(question.id, part)}
                        disabled={disabled}
                        onChange={(answers) => setQuestion(question.id, (q) => setAcceptedAnswers(q, answers))}
                        onFocusNext={(target) => (pendingFocus.current = target)}
                      />
                    )}

                    <Field id={qid(question.id, 'hint')} label={t('quiz.hint')} hint={t('quiz.hintHint')}>
                      {(control) => (
                        <Input
                          {...control}
                          value={question.hint}
                          maxLength={1000}
                          onChange={(e) => setQuestion(question.id, (q) => ({ ...q, hint: e.target.value }))}
                        />
                      )}
                    </Field>
                    <Field id={qid(question.id, 'explanation')} label={t('quiz.explanation')} hint={t('quiz.explanationHint')}>
                      {(control) => (
                        <Textarea
                          {...control}
                          value={question.explanation}
                          maxLength={2000}
                          className="min-h-20"
                          onChange={(e) => setQuestion(question.id, (q) => ({ ...q, explanation: e.target.value }))}
                        />
                      )}
                    </Field>
                  </fieldset>

                  {problems.length > 0 && (
                    <ul id={problemsId} className="flex flex-col gap-1 text-sm text-danger">
                      {problems.map((problem) => (
                        <li key={problem} className="flex items-start gap-2">
                          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                          {t(`quiz.problems.${problem}`)}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </li>
            );
          })}
        </ol>
      )}

      <div className="flex flex-wrap items-end gap-2">
        <Field id={`${id}-new-type`} label={t('quiz.newQuestionType')}>
          {(control) => (
            <select
              {...control}
              value={newType}
              disabled={disabled}
              onChange={(e) => setNewType(e.target.value as QuestionType)}
              className={cn(inputClasses, 'sm:w-64')}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button
          id={`${id}-add`}
          disabled={disabled || content.questions.length >= MAX_QUESTIONS}
          onClick={() => {
            const next = addQuestion(content, newType, labels);
            const added = next.questions[next.questions.length - 1];
            if (added) pendingFocus.current = qid(added.id, 'prompt');
            onChange(next);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('quiz.addQuestion')}
        </Button>
      </div>
    </div>
  );
}
