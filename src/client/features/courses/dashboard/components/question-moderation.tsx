import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTION_ANSWER_MAX } from '@shared/limits.ts';
import type { TCourseQuestion, TQuestionSettings } from '@shared/schemas/course-questions.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { api, apiRequest } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { instructorKeys } from '@/features/site/instructors/api';
import { AnswerForm } from './answer-form';

const questionPath = (id: string) => `/api/questions/${encodeURIComponent(id)}`;

/** A change to one question from the dialog, put in its place in the list (a deleted one taken out). */
function useQuestionChange<T>(userId: string, request: (body: T) => Promise<TCourseQuestion | null>, questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (saved) =>
      queryClient.setQueryData<TCourseQuestion[]>(instructorKeys.questions(userId), (list) =>
        saved ? list?.map((item) => (item.id === saved.id ? saved : item)) : list?.filter((item) => item.id !== questionId),
      ),
  });
}

/** Whether the course's learners may ask in public (its staff). */
export function PublicQuestionsSwitch({ courseId }: { courseId: string }) {
  const { t } = useTranslation('account');
  const id = useId();
  const queryClient = useQueryClient();
  const key = ['questions', courseId, 'settings'];
  const path = `/api/courses/${encodeURIComponent(courseId)}/questions/settings`;
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<TQuestionSettings>(path, signal) });
  const save = useMutation({
    mutationFn: (publicQuestions: boolean) => apiRequest<TQuestionSettings>('PUT', path, { body: { publicQuestions } }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={settings.data?.publicQuestions ?? false}
        disabled={!settings.data || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
      <label htmlFor={id} className="text-xs">
        {t('dashboard.questions.publicCourse')}
      </label>
      {save.isError && (
        <p role="alert" className="text-xs text-danger">
          {serverMessage(save.error) ?? t('dashboard.questions.settingFailed')}
        </p>
      )}
    </div>
  );
}

/** The thread after the answer, and the staff's reply in it. */
export function QuestionThreadReplies({ userId, question }: { userId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('account');
  const [writing, setWriting] = useState(false);
  const name = question.askerName ?? '';
  const reply = useQuestionChange(
    userId,
    (body: string) => apiRequest<TCourseQuestion>('POST', `${questionPath(question.id)}/replies`, { body: { body } }),
    question.id,
  );
  if (!question.answer) return null;
  return (
    <div className="flex flex-col gap-2">
      {question.replies.length > 0 && (
        <ol className="flex flex-col gap-2 border-l-2 border-border pl-3" aria-label={t('dashboard.questions.thread')}>
          {question.replies.map((r) => (
            <li key={r.id} className="flex flex-col gap-0.5" data-testid="question-reply">
              <p className="text-xs font-semibold text-muted-foreground">
                {r.authorName ?? ''} · <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              </p>
              <p className="text-sm break-words whitespace-pre-line">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      {writing ? (
        <AnswerForm
          id={`thread-${question.id}`}
          label={t('dashboard.questions.replyLabel', { name: question.askerName ?? '' })}
          initial=""
          maxLength={QUESTION_ANSWER_MAX}
          rows={3}
          pending={reply.isPending}
          error={reply.error ? (serverMessage(reply.error) ?? t('dashboard.questions.answerFailed')) : undefined}
          submitLabel={t('dashboard.questions.sendAnswer')}
          cancelLabel={t('dashboard.questions.cancel')}
          onSubmit={(text) => reply.mutate(text, { onSuccess: () => setWriting(false) })}
          onCancel={() => {
            setWriting(false);
            reply.reset();
          }}
        />
      ) : (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setWriting(true)}>
          {t('dashboard.questions.replyFor', { name })}
        </Button>
      )}
    </div>
  );
}

/** Pin to the lesson, hide or show again, delete: hiding and deleting ask for a reason. */
export function QuestionModeration({ userId, question }: { userId: string; question: TCourseQuestion }) {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState<'hide' | 'delete' | null>(null);
  const name = question.askerName ?? '';
  const change = useQuestionChange(
    userId,
    (action: { kind: 'pin' | 'unpin' | 'unhide' } | { kind: 'hide' | 'delete'; reason: string }) => {
      const path = questionPath(question.id);
      switch (action.kind) {
        case 'pin':
        case 'unpin':
          return apiRequest<TCourseQuestion>('PUT', `${path}/pinned`, { body: { pinned: action.kind === 'pin' } });
        case 'unhide':
          return apiRequest<TCourseQuestion>('DELETE', `${path}/hide`);
        case 'hide':
          return apiRequest<TCourseQuestion>('POST', `${path}/hide`, { body: { reason: action.reason } });
        case 'delete':
          return apiRequest<null>('DELETE', path, { body: { reason: action.reason } }).then(() => null);
      }
    },
    question.id,
  );
  const pinnable = question.answer !== null && question.lessonId !== null && !question.hidden;
  return (
    <div className="flex flex-wrap gap-2">
      {(question.pinned || pinnable) && (
        <Button
          variant="ghost"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: question.pinned ? 'unpin' : 'pin' })}
        >
          {question.pinned ? t('dashboard.questions.unpinFor', { name }) : t('dashboard.questions.pinFor', { name })}
        </Button>
      )}
      {question.hidden ? (
        <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => change.mutate({ kind: 'unhide' })}>
          {t('dashboard.questions.unhideFor', { name })}
        </Button>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setAsking('hide')}>
          {t('dashboard.questions.hideFor', { name })}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => setAsking('delete')}>
        {t('dashboard.questions.deleteFor', { name })}
      </Button>
      {change.error && !asking && (
        <p role="alert" className="w-full text-sm text-danger">
          {serverMessage(change.error) ?? t('dashboard.questions.moderationFailed')}
        </p>
      )}
      {asking && (
        <ReasonDialog
          kind={asking}
          pending={change.isPending}
          error={change.error ? (serverMessage(change.error) ?? t('dashboard.questions.moderationFailed')) : undefined}
          onCancel={() => {
            setAsking(null);
            change.reset();
          }}
          onConfirm={(reason) => change.mutate({ kind: asking, reason }, { onSuccess: () => setAsking(null) })}
        />
      )}
    </div>
  );
}

function ReasonDialog({
  kind,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  kind: 'hide' | 'delete';
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length >= 3 && !pending) onConfirm(reason.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t(kind === 'hide' ? 'dashboard.questions.hideTitle' : 'dashboard.questions.deleteTitle')}
      description={t(kind === 'hide' ? 'dashboard.questions.hideDescription' : 'dashboard.questions.deleteDescription')}
      returnFocus
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Field id={`${id}-reason`} label={t('dashboard.questions.reason')} error={error}>
          {(control) => (
            <Textarea {...control} autoFocus rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('dashboard.questions.cancel')}
          </Button>
          <Button type="submit" variant={kind === 'delete' ? 'destructive' : 'primary'} disabled={pending || reason.trim().length < 3}>
            {t(kind === 'hide' ? 'dashboard.questions.confirmHide' : 'dashboard.questions.confirmDelete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
