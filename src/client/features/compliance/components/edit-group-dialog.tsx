import { useState, type FormEvent } from 'react';
import type { TGroup } from '@shared/schemas/compliance.ts';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormEnd } from '@/components/ui/dialog-form-end';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useUpdateGroup } from '../api/compliance';
import { type GroupDraft, GroupFields, groupBody, groupDraftOf } from './group-fields';

/** Renames a group, or changes its kind or rule: a changed rule adds who fits and removes who joined by it and no longer does. */
export function EditGroupDialog({ group, onClose }: { group: TGroup; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const update = useUpdateGroup(group.id);
  const [draft, setDraft] = useState<GroupDraft>(() => groupDraftOf(group));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(groupBody(draft), {
      onSuccess: (saved) => {
        toast({ title: t('groups.updated', { name: saved.name }) });
        onClose();
      },
      onError: (failure) =>
        setErrors({
          ...(isApiError(failure) ? (failure.body?.errors ?? {}) : {}),
          form: serverMessage(failure) ?? t('groups.failed'),
        }),
    });
  };

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={t('groups.edit', { name: group.name })}
      description={t('groups.editDescription')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <GroupFields
          idPrefix="edit-group"
          draft={draft}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
          errors={errors}
        />
        <DialogFormEnd
          error={errors.form}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t('groups.saveChanges')}
          pending={update.isPending}
        />
      </form>
    </Dialog>
  );
}
