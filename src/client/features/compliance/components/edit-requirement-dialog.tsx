import { useState, type FormEvent } from 'react';
import type { TRequirement } from '@shared/schemas/compliance.ts';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormEnd } from '@/components/ui/dialog-form-end';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useUpdateRequirement } from '../api/compliance';
import { type Terms, TermsFields, termsBody, termsOf } from './requirement-terms';

/** Changes a requirement's deadline and recurrence (its course and group stay): everyone's due dates and validity follow. */
export function EditRequirementDialog({ requirement, onClose }: { requirement: TRequirement; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const update = useUpdateRequirement(requirement.id);
  const [terms, setTerms] = useState<Terms>(() => termsOf(requirement));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(undefined);
    update.mutate(termsBody(terms), {
      onSuccess: () => {
        toast({ title: t('requirements.saved', { title: requirement.courseTitle }) });
        onClose();
      },
      onError: (failure) => {
        // The server's field messages arrive translated.
        setErrors(isApiError(failure) ? (failure.body?.errors ?? {}) : {});
        setError(serverMessage(failure) ?? t('requirements.failed'));
      },
    });
  };

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={t('requirements.edit', { title: requirement.courseTitle })}
      description={t('requirements.editDescription')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TermsFields
          idPrefix="edit-requirement"
          terms={terms}
          onChange={(change) => setTerms((current) => ({ ...current, ...change }))}
          errors={errors}
        />
        <DialogFormEnd
          error={error}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t('requirements.save')}
          pending={update.isPending}
        />
      </form>
    </Dialog>
  );
}
