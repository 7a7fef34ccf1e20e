import { useState, type FormEvent } from 'react';
import { EXEMPT_REASON_MAX } from '@shared/schemas/compliance.ts';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormEnd } from '@/components/ui/dialog-form-end';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useExemption } from '../api/compliance';

export interface ExemptTarget {
  requirementId: string;
  userId: string;
  person: string;
  course: string;
  /** Exempted now: the dialog lifts the exemption; else it asks for the reason. */
  exempted: boolean;
}

/** Exempts a person from a required course with the reason (kept with who and when), or lifts an exemption. */
export function ExemptDialog({ target, onClose }: { target: ExemptTarget; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const exemption = useExemption();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!target.exempted && text.length < 3) {
      setError(t('exempt.reasonShort'));
      return;
    }
    setError(undefined);
    exemption.mutate(
      { requirementId: target.requirementId, userId: target.userId, reason: target.exempted ? null : text },
      {
        onSuccess: () => {
          toast({ title: t(target.exempted ? 'exempt.lifted' : 'exempt.done', { person: target.person, course: target.course }) });
          onClose();
        },
        onError: (failure) => setError(serverMessage(failure) ?? t('exempt.failed')),
      },
    );
  };

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={t(target.exempted ? 'exempt.liftTitle' : 'exempt.title', { person: target.person, course: target.course })}
      description={t(target.exempted ? 'exempt.liftDescription' : 'exempt.description')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {!target.exempted && (
          <Field id="exempt-reason" label={t('exempt.reason')} required error={error}>
            {(control) => (
              <Textarea {...control} value={reason} maxLength={EXEMPT_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
        )}
        <DialogFormEnd
          error={target.exempted ? error : undefined}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t(target.exempted ? 'exempt.liftSubmit' : 'exempt.submit')}
          pending={exemption.isPending}
        />
      </form>
    </Dialog>
  );
}
