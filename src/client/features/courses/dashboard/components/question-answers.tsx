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
import { PublicQuestionsSwitch, QuestionModeration, QuestionThreadReplies } from './question-moderation';

/**
 * Learners' questions on the instructor's courses (GET …/questions), grouped by course in the order
 * the list gives (those awaiting an answer first), each course with its public-questions switch and
 * each question with its answer, thread and moderation.
 */
export function QuestionAnswers({ userId, enabled }: { userId: string; enabled: boolean }) {
  const { t } = useTranslation('account');
  const questions = useInstructorQuestions(userId, enabled);
  if (questions.isPending) return <Loading />;
  if (questions.isError) return <LoadFailed message={t('dashboard.questions.failed')} onRetry={questions.refetch} />;
  if (questions.data.length === 0) return <p className="text-sm">{t('dashboard.questions.empty')}</p>;
  const courses: { id: string; title: string; items: TCourseQuestion[] }[] = [];
  for (const question of questions.data) {
    const group = courses.find((c) => c.id === question.courseId);
    if (group) group.items.push(question);
    else courses.push({ id: question.courseId, title: question.courseTitle, items: [question] });
  }
  return (
    <div className="flex flex-col gap-6">
      {courses.map((course) => (
        <section key={course.id} aria-label={course.title} className="flex flex-col gap-3" data-testid="question-course">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold break-words">{course.title}</h3>
            <PublicQuestionsSwitch courseId={course.id} />
          </div>
          <ul className="flex flex-col gap-3" aria-label={t('dashboard.questions.title')}>
            {course.items.map((question) => (
              <QuestionItem key={question.id} userId={userId} question={question} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function QuestionItem({ userId, question }: { userId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('account');
  const badges = [
    question.awaiting && t('dashboard.questions.awaiting'),
    question.public && t('dashboard.questions.publicBadge'),
    question.helpful && t('dashboard.questions.helpfulBadge'),
    question.pinned && t('dashboard.questions.pinnedBadge'),
    question.hidden && t('dashboard.questions.hiddenBadge', { reason: question.hidden.reason }),
  ].filter((badge): badge is string => Boolean(badge));
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-border p-4" data-testid="question-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{question.lessonTitle ?? ''}</p>
        <time dateTime={question.createdAt} className="text-xs text-muted-foreground">
          {formatDate(question.createdAt)}
          {question.editedAt && ` · ${t('dashboard.questions.edited')}`}
        </time>
      </div>
      {badges.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('dashboard.questions.title')}>
          {badges.map((badge) => (
            <li key={badge} className="rounded-full border border-border px-2 py-0.5 text-xs">
              {badge}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm break-words whitespace-pre-line">{question.body}</p>
      <p className="text-sm text-muted-foreground">{t('dashboard.questions.by', { name: question.askerName ?? '' })}</p>
      <QuestionAnswer userId={userId} question={question} />
      <QuestionThreadReplies userId={userId} question={question} />
      <QuestionModeration userId={userId} question={question} />
    </li>
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
          {t('dashboard.questions.editAnswer', { name: question.askerName ?? '' })}
        </Button>
      </div>
    );
  }
  if (!editing) {
    return (
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
        {t('dashboard.questions.answer', { name: question.askerName ?? '' })}
      </Button>
    );
  }
  return (
    <AnswerForm
      id={fieldId}
      label={t('dashboard.questions.answerLabel', { name: question.askerName ?? '' })}
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
