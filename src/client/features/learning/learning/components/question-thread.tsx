import { useId, useState, type FormEvent } from 'react';
import { QUESTION_ANSWER_MAX, QUESTION_BODY_MAX } from '@shared/limits.ts';
import type { TCourseQuestion } from '@shared/schemas/course-questions.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useEditQuestion, useMarkHelpful, useReplyToQuestion } from '../api/questions';

/**
 * One question as a learner sees it: the question, the course's answer and the thread after it. On
 * their own question the asker also sees why it was hidden, marks the answer helpful and replies.
 */
export function QuestionThread({ courseId, question, testId }: { courseId: string; question: TCourseQuestion; testId: string }) {
  const { t } = useTranslation('learning');
  const own = question.mine;
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-border p-3" data-testid={testId}>
      <p className="text-xs text-muted-foreground">
        {question.lessonTitle ? `${question.lessonTitle} · ` : ''}
        <time dateTime={question.createdAt}>{formatDate(question.createdAt)}</time>
        {question.public && own && ` · ${t('questions.publicBadge')}`}
      </p>
      {own ? (
        <OwnQuestionText courseId={courseId} question={question} />
      ) : (
        <p className="text-sm break-words whitespace-pre-line">{question.body}</p>
      )}
      {question.hidden && (
        <p className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm" data-testid="question-hidden">
          {t('questions.hiddenBecause', { reason: question.hidden.reason })}
        </p>
      )}
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
      {question.replies.length > 0 && (
        <ol className="flex flex-col gap-2 border-l-2 border-border pl-3" aria-label={t('questions.thread')}>
          {question.replies.map((reply) => (
            <li key={reply.id} className="flex flex-col gap-0.5" data-testid="question-reply">
              <p className="text-xs font-semibold text-muted-foreground">
                {reply.mine ? t('questions.you') : (reply.authorName ?? (reply.staff ? '' : t('questions.aLearner')))} ·{' '}
                <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
              </p>
              <p className="text-sm break-words whitespace-pre-line">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      {own && question.answer && <OwnControls courseId={courseId} question={question} />}
    </li>
  );
}

function OwnControls({ courseId, question }: { courseId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const helpful = useMarkHelpful(courseId, question.id);
  const reply = useReplyToQuestion(courseId, question.id);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || reply.isPending) return;
    reply.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  const failed = helpful.error ?? reply.error;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-pressed={question.helpful}
        disabled={helpful.isPending}
        onClick={() => helpful.mutate(!question.helpful)}
      >
        {t('questions.markHelpful')}
        {question.helpful && <span aria-hidden="true"> ✓</span>}
      </Button>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Field id={`${id}-reply`} label={t('questions.replyLabel')}>
          {(control) => (
            <Textarea {...control} rows={2} maxLength={QUESTION_ANSWER_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
        <Button type="submit" size="sm" variant="secondary" className="self-start" disabled={reply.isPending || !text.trim()}>
          {t('questions.sendReply')}
        </Button>
      </form>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failed) ?? t('questions.failed')}
        </p>
      )}
    </div>
  );
}

/** The asker's question, which they may rewrite (shown to the staff as edited). */
function OwnQuestionText({ courseId, question }: { courseId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const edit = useEditQuestion(courseId, question.id);
  const [text, setText] = useState<string | null>(null);
  if (text === null)
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm break-words whitespace-pre-line">
          {question.body}
          {question.editedAt && <span className="text-xs text-muted-foreground"> ({t('questions.edited')})</span>}
        </p>
        {!question.answer && (
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setText(question.body)}>
            {t('questions.edit')}
          </Button>
        )}
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < 3 || edit.isPending) return;
    edit.mutate(text.trim(), { onSuccess: () => setText(null) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Field
        id={`${id}-edit`}
        label={t('questions.editLabel')}
        error={edit.error ? (serverMessage(edit.error) ?? t('questions.failed')) : undefined}
      >
        {(control) => (
          <Textarea {...control} autoFocus rows={3} maxLength={QUESTION_BODY_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending || text.trim().length < 3}>
          {t('questions.saveEdit')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setText(null)}>
          {t('questions.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}
