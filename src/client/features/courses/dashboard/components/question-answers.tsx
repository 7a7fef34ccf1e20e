import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUESTION_ANSWER_MAX } from '@shared/limits.ts';
import type { TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { Button } from '@/components/ui/button';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { apiRequest, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { instructorKeys, useInstructorQuestions } from '@/features/site/instructors/api';
import { AnswerForm } from './answer-form';

/** Learners' questions on the instructor's courses (GET …/questions), the unanswered first, each with its answer or a way to write one. */
export function QuestionAnswers({ userId, enabled }: { userId: string; enabled: boolean }) {
  const { t } = useTranslation('account');
  const questions = useInstructorQuestions(userId, enabled);
  if (questions.isPending) return <Loading />;
  if (questions.isError) return <LoadFailed message={t('dashboard.questions.failed')} onRetry={questions.refetch} />;
  if (questions.data.length === 0) return <p className="text-sm">{t('dashboard.questions.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('dashboard.questions.title')}>
      {questions.data.map((question) => (
        <li key={question.id} className="flex flex-col gap-1.5 rounded-xl border border-border p-4" data-testid="question-item">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium break-words">
              {question.courseTitle}
              {question.lessonTitle && <span className="font-normal text-muted-foreground"> · {question.lessonTitle}</span>}
            </p>
            <time dateTime={question.createdAt} className="text-xs text-muted-foreground">
              {formatDate(question.createdAt)}
            </time>
          </div>
          <p className="text-sm break-words whitespace-pre-line">{question.body}</p>
          <p className="text-sm text-muted-foreground">{t('dashboard.questions.by', { name: question.askerName })}</p>
          <QuestionAnswer userId={userId} question={question} />
        </li>
      ))}
    </ul>
  );
}

/** The course's answer to one question: shown with who wrote it, or written and edited here. */
function QuestionAnswer({ userId, question }: { userId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (answer: string) => apiRequest<TCourseQuestion>('PUT', `/api/questions/${question.id}/answer`, { body: { answer } }),
    onSuccess: (saved) => {
      // Stays where it is in the list until the list is asked for again: an answered question jumping away would lose the reader.
      queryClient.setQueryData<TCourseQuestion[]>(instructorKeys.questions(userId), (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
      setEditing(false);
    },
  });
  const error = save.isError ? (isApiError(save.error) && save.error.body?.message) || t('dashboard.questions.answerFailed') : undefined;
  const fieldId = `answer-${question.id}`;

  if (!editing && question.answer) {
    return (
      <div className="mt-1 flex flex-col gap-1 rounded-lg border-l-4 border-primary bg-muted/60 p-3" data-testid="question-answer">
        <p className="text-xs font-semibold text-muted-foreground">
          {t('dashboard.questions.answerBy', {
            name: question.answeredBy ?? '',
            date: formatDate(question.answeredAt ?? question.createdAt),
          })}
        </p>
        <p className="text-sm break-words whitespace-pre-line">{question.answer}</p>
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setEditing(true)}>
          {t('dashboard.questions.editAnswer', { name: question.askerName })}
        </Button>
      </div>
    );
  }
  if (!editing) {
    return (
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
        {t('dashboard.questions.answer', { name: question.askerName })}
      </Button>
    );
  }
  return (
    <AnswerForm
      id={fieldId}
      label={t('dashboard.questions.answerLabel', { name: question.askerName })}
      initial={question.answer ?? ''}
      maxLength={QUESTION_ANSWER_MAX}
      rows={4}
      pending={save.isPending}
      error={error}
      submitLabel={t('dashboard.questions.sendAnswer')}
      cancelLabel={t('dashboard.questions.cancel')}
      onSubmit={(text) => save.mutate(text)}
      onCancel={() => {
        setEditing(false);
        save.reset();
      }}
    />
  );
}
