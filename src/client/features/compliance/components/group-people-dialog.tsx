import { useState, type FormEvent } from 'react';
import type { TGroup } from '@shared/schemas/compliance.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormEnd } from '@/components/ui/dialog-form-end';
import { Input } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { useMembers } from '@/features/identity/team/api/team';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useGroup, useSetGroupPeople } from '../api/compliance';

/**
 * Who is in a group by hand and who manages it: the company's active members as two columns of
 * checkboxes, filtered by name. Members by the group's rule are shown as such and stay.
 */
export function GroupPeopleDialog({ group, onClose }: { group: TGroup; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const members = useMembers();
  const detail = useGroup(group.id);
  const setMembers = useSetGroupPeople(group.id, 'members');
  const setManagers = useSetGroupPeople(group.id, 'managers');
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [managing, setManaging] = useState<Set<string> | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | undefined>();

  const byRule = new Set((detail.data?.members ?? []).filter((m) => m.source === 'rule').map((m) => m.id));
  const inGroup = chosen ?? new Set((detail.data?.members ?? []).filter((m) => m.source !== 'rule').map((m) => m.id));
  const managers = managing ?? new Set((detail.data?.managers ?? []).map((m) => m.id));
  const people = (members.data?.members ?? [])
    .filter((m) => m.active)
    .filter((m) => `${m.contactName} ${m.email}`.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await setMembers.mutateAsync([...inGroup]);
      await setManagers.mutateAsync([...managers]);
      toast({ title: t('groups.saved', { name: group.name }) });
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? t('groups.failed'));
    }
  };
  const pending = setMembers.isPending || setManagers.isPending;

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={t('groups.people', { name: group.name })}
      description={t('groups.peopleDescription')}
    >
      {members.isPending || detail.isPending ? (
        <Loading />
      ) : members.isError || detail.isError ? (
        <LoadFailed
          message={serverMessage(members.error ?? detail.error) ?? t('groups.loadFailed')}
          onRetry={() => void members.refetch()}
        />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <Input
            aria-label={t('groups.filter')}
            placeholder={t('groups.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div className="max-h-72 overflow-y-auto">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-card">
                <tr>
                  <th scope="col" className="py-2 font-semibold">
                    {t('groups.person')}
                  </th>
                  <th scope="col" className="w-24 py-2 text-center font-semibold">
                    {t('groups.member')}
                  </th>
                  <th scope="col" className="w-24 py-2 text-center font-semibold">
                    {t('groups.manager')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id} className="border-t border-border">
                    <th scope="row" className="py-2 font-normal">
                      <span className="block font-medium break-words">{person.contactName}</span>
                      <span className="block break-all text-muted-foreground">{person.email}</span>
                    </th>
                    <td className="w-24 py-2 text-center">
                      {byRule.has(person.id) ? (
                        <span className="text-xs text-muted-foreground">{t('groups.viaRule')}</span>
                      ) : (
                        <Checkbox
                          aria-label={t('groups.memberOf', { person: person.contactName, name: group.name })}
                          checked={inGroup.has(person.id)}
                          onCheckedChange={(on) => setChosen(toggle(inGroup, person.id, on === true))}
                        />
                      )}
                    </td>
                    <td className="w-24 py-2 text-center">
                      <Checkbox
                        aria-label={t('groups.managerOf', { person: person.contactName, name: group.name })}
                        checked={managers.has(person.id)}
                        onCheckedChange={(on) => setManaging(toggle(managers, person.id, on === true))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DialogFormEnd error={error} cancelLabel={t('cancel')} onCancel={onClose} submitLabel={t('groups.save')} pending={pending} />
        </form>
      )}
    </Dialog>
  );
}
