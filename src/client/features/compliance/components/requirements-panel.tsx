import { useState, type FormEvent } from 'react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { EVERYONE, type TComplianceAccess, type TRequirement } from '@shared/schemas/compliance.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { formatDate, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useCreateRequirement, useDeleteRequirement, useGroups, useRequirableCourses, useRequirements } from '../api/compliance';
import { coursePath } from '../lib/paths';
import { EditRequirementDialog } from './edit-requirement-dialog';
import { ReportLink } from './report-cells';
import { type Terms, TermsFields, termsBody, termsOf } from './requirement-terms';

/** What a requirement asks, in words: the deadline and how often. */
function termsText(r: TRequirement, t: ReturnType<typeof useTranslation<'compliance'>>['t']): string {
  const due = r.dueOn
    ? t('requirements.dueOn', { date: formatDate(`${r.dueOn}T12:00:00Z`) })
    : t('requirements.dueDays', { count: r.dueDays ?? 0 });
  return r.recurMonths === null ? `${due} · ${t('requirements.once')}` : `${due} · ${t('requirements.every', { count: r.recurMonths })}`;
}

function NewRequirement({ access }: { access: TComplianceAccess }) {
  const { t } = useTranslation('compliance');
  const courses = useRequirableCourses();
  const groups = useGroups();
  const create = useCreateRequirement();
  const [courseId, setCourseId] = useState('');
  const [groupId, setGroupId] = useState(access.admin ? EVERYONE : (access.managedGroups[0]?.id ?? ''));
  const [terms, setTerms] = useState<Terms>(() => termsOf());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!courseId) {
      setErrors({ courseId: t('requirements.chooseCourse') });
      return;
    }
    setErrors({});
    setError(undefined);
    create.mutate(
      { courseId, groupId, ...termsBody(terms) },
      {
        onSuccess: (created) => {
          toast({
            title: t('requirements.created', { title: created.courseTitle }),
            description: t('requirements.createdPeople', { count: created.people }),
          });
          setCourseId('');
        },
        onError: (failure) => {
          // The server's field messages arrive translated.
          setErrors(isApiError(failure) ? (failure.body?.errors ?? {}) : {});
          setError(serverMessage(failure) ?? t('requirements.failed'));
        },
      },
    );
  };

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{t('requirements.new')}</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="requirement-course" label={t('requirements.course')} required error={errors.courseId}>
            {(control) => (
              <select {...control} className={inputClasses} value={courseId} onChange={(e) => setCourseId(e.target.value)}>
                <option value="">{t('requirements.chooseCourse')}</option>
                {(courses.data?.courses ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="requirement-group" label={t('requirements.requiredOf')} required error={errors.groupId}>
            {(control) => (
              <select {...control} className={inputClasses} value={groupId} onChange={(e) => setGroupId(e.target.value)}>
                {access.admin && <option value={EVERYONE}>{t('everyone')}</option>}
                {(groups.data?.groups ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <TermsFields
          idPrefix="requirement"
          terms={terms}
          onChange={(change) => setTerms((current) => ({ ...current, ...change }))}
          errors={errors}
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {t('requirements.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The courses required of the company's groups (or everyone), how many comply, and a form for another. */
export function RequirementsPanel({ access }: { access: TComplianceAccess }) {
  const { t } = useTranslation('compliance');
  const requirements = useRequirements();
  const remove = useDeleteRequirement();
  const [removing, setRemoving] = useState<TRequirement | null>(null);
  const [editing, setEditing] = useState<TRequirement | null>(null);
  const mayChange = (r: TRequirement) => access.admin || (r.groupId !== EVERYONE && access.managedGroups.some((g) => g.id === r.groupId));

  return (
    <div className="flex flex-col gap-6">
      <NewRequirement access={access} />
      {requirements.isPending ? (
        <Loading />
      ) : requirements.isError ? (
        <LoadFailed message={serverMessage(requirements.error) ?? t('requirements.loadFailed')} onRetry={requirements.refetch} />
      ) : requirements.data.requirements.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t('requirements.none')} description={t('requirements.noneHint')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('requirements.list')}>
          {requirements.data.requirements.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-wrap items-center justify-between gap-4 p-4">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    <ReportLink to={coursePath(r.courseId)}>{r.courseTitle}</ReportLink>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {r.groupName ?? t('everyone')} · {termsText(r, t)}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <span className="text-sm tabular-nums">
                    {t('requirements.compliant', { compliant: formatNumber(r.compliant), people: formatNumber(r.people) })}
                  </span>
                  {mayChange(r) && (
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('requirements.edit', { title: r.courseTitle })}
                        onClick={() => setEditing(r)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('requirements.remove', { title: r.courseTitle })}
                        onClick={() => setRemoving(r)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditRequirementDialog requirement={editing} onClose={() => setEditing(null)} />}
      <LazyConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('requirements.removeTitle', { title: removing?.courseTitle ?? '' })}
        description={t('requirements.removeDescription')}
        confirmLabel={t('requirements.removeConfirm')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
            onError: (failure) => toast({ title: serverMessage(failure) ?? t('requirements.failed') }),
          })
        }
      />
    </div>
  );
}
