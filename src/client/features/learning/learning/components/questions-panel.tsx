import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { QUESTION_BODY_MAX, ZAskQuestionRequest, type TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { useAskQuestion, useMyQuestions } from '../api/questions';

const ZQuestionForm = z.object({ body: ZAskQuestionRequest.shape.body });
type TQuestionForm = z.infer<typeof ZQuestionForm>;

/** The question form and the learner's own questions on the course, newest first, with the answers. */
export function QuestionsPanel({ courseId, lessonId, focusField }: { courseId: string; lessonId: string; focusField: boolean }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const errorText = useErrorText();
  const questions = useMyQuestions(courseId);
  const ask = useAskQuestion(courseId);
  const form = useForm<TQuestionForm>({ resolver: zodResolver(ZQuestionForm), defaultValues: { body: '' } });
  const { errors } = form.formState;
  const field = form.register('body');

  const submit = form.handleSubmit(({ body }) =>
    ask.mutate(
      { body, lessonId },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          toast({ title: t('questions.sent') });
        },
        onError: (error) => {
          // A failure that names no field (the course is gone, the network) is shown under the field, where the learner looks.
          if (!applyServerErrors(error, form.setError, ['body'])) {
            form.setError('body', { type: 'server', message: serverMessage(error) ?? t('questions.failed') }, { shouldFocus: true });
          }
        },
      },
    ),
  );

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <Field
          id={`${id}-body`}
          label={t('questions.label')}
          hint={t('questions.hint', { max: QUESTION_BODY_MAX })}
          error={errorText(errors.body)}
        >
          {(control) => (
            // Opened on the learner's own request: its field takes the focus.
            <Textarea {...control} {...field} autoFocus={focusField} rows={3} maxLength={QUESTION_BODY_MAX} className="min-h-20" />
          )}
        </Field>
        <Button type="submit" size="sm" className="self-start" disabled={ask.isPending}>
          {ask.isPending ? t('questions.sending') : t('questions.send')}
        </Button>
      </form>
      <div className="flex flex-col gap-2">
        <h3 id={`${id}-mine`} className="text-sm font-semibold">
          {t('questions.mine')}
        </h3>
        {questions.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('questions.loading')}
          </p>
        ) : questions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('questions.loadFailed')}{' '}
            <Button variant="ghost" size="sm" onClick={() => void questions.refetch()}>
              {t('questions.retry')}
            </Button>
          </p>
        ) : questions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('questions.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby={`${id}-mine`}>
            {questions.data.map((question) => (
              <Question key={question.id} question={question} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Question({ question }: { question: TCourseQuestion }) {
  const { t } = useTranslation('learning');
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-border p-3" data-testid="my-question">
      <p className="text-xs text-muted-foreground">
        {question.lessonTitle ? `${question.lessonTitle} · ` : ''}
        <time dateTime={question.createdAt}>{formatDate(question.createdAt)}</time>
      </p>
      <p className="text-sm break-words whitespace-pre-line">{question.body}</p>
      {question.answer ? (
        <div className="rounded-lg border-l-4 border-primary bg-muted/60 p-3" data-testid="my-question-answer">
          <p className="text-xs font-semibold text-muted-foreground">
            {t('questions.answerBy', { name: question.answeredBy ?? '', date: formatDate(question.answeredAt ?? question.createdAt) })}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{question.answer}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground italic">{t('questions.waiting')}</p>
      )}
    </li>
  );
}
