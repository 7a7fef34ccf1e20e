import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { useMembers } from '@/features/identity/team/api/team';
import { serverMessage } from '@/lib/form-errors';
import type { TInstructorCourse } from '@shared/schemas/dashboard.ts';
import { useAssignCourse, type TAssignResult } from '../api/assignments';
import { dueAtFromDay, today } from '../lib/due-date';
import { Loading, LoadFailed } from '@/components/ui/load-state';

export type AssignMutation = UseMutationResult<TAssignResult, Error, { userIds: string[]; dueAt?: string }>;

/**
 * Assign a published course, or a learning path, to members of the company (checkboxes), with an
 * optional due date (`assign` posts to its …/assignments). Members who already have it keep it (their
 * due date changes when one is given).
 */
export function AssignDialog({
  title,
  kind = 'course',
  assign,
  onClose,
}: {
  title: string;
  kind?: 'course' | 'path';
  assign: AssignMutation;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const { t: tt } = useTranslation('team');
  // What differs for a path: the words for what is given.
  const words = kind === 'path' ? 'dashboard.assign.path' : 'dashboard.assign';
  const members = useMembers();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | undefined>();
  const active = (members.data?.members ?? []).filter((member) => member.active);
  const allChosen = active.length > 0 && active.every((member) => chosen.has(member.id));

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) {
      setError(t('dashboard.assign.nobody'));
      return;
    }
    const dueAt = dueAtFromDay(day);
    if (day && !dueAt) {
      setError(t('dashboard.assign.badDate'));
      return;
    }
    setError(undefined);
    assign.mutate(
      { userIds: [...chosen], ...(dueAt && { dueAt }) },
      {
        onSuccess: (result) => {
          const parts = [t(`${words}.assigned`, { count: result.assigned })];
          if (result.updated > 0)
            parts.push(t(dueAt ? 'dashboard.assign.updatedDue' : 'dashboard.assign.updated', { count: result.updated }));
          toast({ title: t('dashboard.assign.done', { title }), description: parts.join(' ') });
          onClose();
        },
        onError: (failure) => setError(serverMessage(failure) ?? t(`${words}.failed`)),
      },
    );
  };

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={t('dashboard.assign.title', { title })}
      description={t(`${words}.description`)}
    >
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <LoadFailed message={serverMessage(members.error) ?? t('dashboard.assign.membersFailed')} onRetry={members.refetch} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'assign-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('dashboard.assign.members')}</legend>
            <label className="flex items-center gap-3 px-3 text-sm font-medium">
              <Checkbox
                checked={allChosen}
                onCheckedChange={(on) => setChosen(on === true ? new Set(active.map((m) => m.id)) : new Set())}
              />
              {t('dashboard.assign.all', { total: active.length })}
            </label>
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" data-testid="assign-members">
              {active.map((member) => (
                <li key={member.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm">
                    <Checkbox checked={chosen.has(member.id)} onCheckedChange={(on) => toggle(member.id, on === true)} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium break-words">{member.contactName}</span>
                      <span className="break-all text-muted-foreground">{member.email}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">{tt(`roles.${member.role}`)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Field id="assign-due" label={t('dashboard.assign.due')} hint={t('dashboard.assign.dueHint')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today()}
                value={day}
                onChange={(event) => setDay(event.target.value)}
                className="w-auto"
              />
            )}
          </Field>
          {error && (
            <p id="assign-error" role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t('dashboard.cancel')}
            </Button>
            <Button type="submit" disabled={assign.isPending}>
              {assign.isPending && <Spinner />}
              {t(`${words}.submit`)}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** A course's assignment: POST /api/courses/:id/assignments. */
export function CourseAssignDialog({ course, onClose }: { course: TInstructorCourse; onClose: () => void }) {
  const assign = useAssignCourse(course.id);
  return <AssignDialog title={course.title} assign={assign} onClose={onClose} />;
}
