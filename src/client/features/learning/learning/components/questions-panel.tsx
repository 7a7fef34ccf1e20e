import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { QUESTION_BODY_MAX, ZAskQuestionRequest } from '@shared/schemas/course-questions.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { useAskQuestion, useMyQuestions, useQuestionSettings } from '../api/questions';
import { QuestionThread } from './question-thread';

const ZQuestionForm = z.object({ body: ZAskQuestionRequest.shape.body });
type TQuestionForm = z.infer<typeof ZQuestionForm>;

/**
 * The question form (public to the course's other learners where the course allows it), the
 * lesson's frequently asked questions, the learner's own questions on the course with their
 * threads, and the other learners' public questions.
 */
export function QuestionsPanel({ courseId, lessonId, focusField }: { courseId: string; lessonId: string; focusField: boolean }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const errorText = useErrorText();
  const questions = useMyQuestions(courseId);
  const ask = useAskQuestion(courseId);
  const settings = useQuestionSettings(courseId);
  const [shared, setShared] = useState(false);
  const form = useForm<TQuestionForm>({ resolver: zodResolver(ZQuestionForm), defaultValues: { body: '' } });
  const { errors } = form.formState;
  const field = form.register('body');
  const all = questions.data ?? [];
  // The learner's own pinned question stays among theirs, where they can reply to it.
  const faq = all.filter((q) => q.pinned && !q.mine && q.lessonId === lessonId);
  const own = all.filter((q) => q.mine);
  const others = all.filter((q) => !q.mine && q.public && !faq.includes(q));

  const submit = form.handleSubmit(({ body }) =>
    ask.mutate(
      { body, lessonId, ...(shared && settings.data?.publicQuestions && { public: true }) },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          setShared(false);
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
        {settings.data?.publicQuestions && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
            {t('questions.public')}
          </label>
        )}
        <Button type="submit" size="sm" className="self-start" disabled={ask.isPending}>
          {ask.isPending ? t('questions.sending') : t('questions.send')}
        </Button>
      </form>
      {faq.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby={`${id}-faq`}>
          <h3 id={`${id}-faq`} className="text-sm font-semibold">
            {t('questions.faq')}
          </h3>
          <ul className="flex flex-col gap-3">
            {faq.map((question) => (
              <QuestionThread key={question.id} courseId={courseId} question={question} testId="faq-question" />
            ))}
          </ul>
        </section>
      )}
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
        ) : own.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('questions.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby={`${id}-mine`}>
            {own.map((question) => (
              <QuestionThread key={question.id} courseId={courseId} question={question} testId="my-question" />
            ))}
          </ul>
        )}
      </div>
      {others.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby={`${id}-others`}>
          <h3 id={`${id}-others`} className="text-sm font-semibold">
            {t('questions.others')}
          </h3>
          <ul className="flex flex-col gap-3">
            {others.map((question) => (
              <QuestionThread key={question.id} courseId={courseId} question={question} testId="public-question" />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
