import { useState, type FormEvent } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import UsersRound from 'lucide-react/icons/users-round';
import type { TComplianceAccess, TGroup } from '@shared/schemas/compliance.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useCreateGroup, useDeleteGroup, useGroups } from '../api/compliance';
import { EditGroupDialog } from './edit-group-dialog';
import { type GroupDraft, GroupFields, groupBody, groupDraftOf } from './group-fields';
import { GroupPeopleDialog } from './group-people-dialog';

function NewGroup() {
  const { t } = useTranslation('compliance');
  const create = useCreateGroup();
  const [draft, setDraft] = useState<GroupDraft>(() => groupDraftOf());
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(groupBody(draft), {
      onSuccess: (group) => {
        toast({
          title: t('groups.created', { name: group.name }),
          description: t('groups.createdMembers', { count: group.members.length }),
        });
        setDraft((current) => ({ ...current, name: '', domain: '' }));
      },
      onError: (failure) =>
        setErrors({
          ...(isApiError(failure) ? (failure.body?.errors ?? {}) : {}),
          form: serverMessage(failure) ?? t('groups.failed'),
        }),
    });
  };

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{t('groups.new')}</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <GroupFields
          idPrefix="group"
          draft={draft}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
          errors={errors}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {t('groups.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The company's groups (a manager's own), with their members and managers; an admin makes and changes them. */
export function GroupsPanel({ access }: { access: TComplianceAccess }) {
  const { t } = useTranslation('compliance');
  const groups = useGroups();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<TGroup | null>(null);
  const [changing, setChanging] = useState<TGroup | null>(null);
  const [removing, setRemoving] = useState<TGroup | null>(null);

  return (
    <div className="flex flex-col gap-6">
      {access.admin && <NewGroup />}
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <LoadFailed message={serverMessage(groups.error) ?? t('groups.loadFailed')} onRetry={groups.refetch} />
      ) : groups.data.groups.length === 0 ? (
        <EmptyState icon={UsersRound} title={t('groups.none')} description={t('groups.noneHint')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('groups.list')}>
          {groups.data.groups.map((group) => (
            <li key={group.id}>
              <Card className="flex flex-wrap items-center justify-between gap-4 p-4">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{group.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t(`groups.kinds.${group.kind}`)} ·{' '}
                    {t('groups.members', { count: group.memberCount, formatted: formatNumber(group.memberCount) })}
                    {group.rule &&
                      ` · ${group.rule.kind === 'role' ? t('groups.byRole', { role: t(`groups.roles.${group.rule.value}`) }) : t('groups.byDomain', { domain: group.rule.value })}`}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {group.managers.length === 0
                      ? t('groups.noManagers')
                      : t('groups.managedBy', { names: group.managers.map((m) => m.name).join(', ') })}
                  </p>
                </div>
                {access.admin && (
                  <div className="flex items-center gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(group)}>
                      {t('groups.people', { name: group.name })}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('groups.edit', { name: group.name })}
                      onClick={() => setChanging(group)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('groups.remove', { name: group.name })}
                      onClick={() => setRemoving(group)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing && <GroupPeopleDialog group={editing} onClose={() => setEditing(null)} />}
      {changing && <EditGroupDialog group={changing} onClose={() => setChanging(null)} />}
      <LazyConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('groups.removeTitle', { name: removing?.name ?? '' })}
        description={t('groups.removeDescription')}
        confirmLabel={t('groups.removeConfirm')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
            onError: (failure) => toast({ title: serverMessage(failure) ?? t('groups.failed') }),
          })
        }
      />
    </div>
  );
}
