import { useState, type FormEvent } from 'react';
import { REVOKE_REASON_MAX, type TCertificateVerification } from '@shared/schemas/certificates.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { api, isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';

/**
 * Revoking a certificate from its verification page (an admin of the issuing company): a reason,
 * optional and shown publicly, and a confirming dialog, since it cannot be undone. Loaded on demand.
 */
export default function RevokeCertificate({
  verification,
  onRevoked,
}: {
  verification: TCertificateVerification;
  onRevoked: (revoked: TCertificateVerification) => void;
}) {
  const { t } = useTranslation('page-verify');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; reason?: string | undefined }>();
  const certificate = verification.certificate!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(undefined);
    api
      .post<TCertificateVerification>(`/api/certificates/${encodeURIComponent(verification.code)}/revoke`, reason.trim() ? { reason } : {})
      .then(
        (revoked) => {
          setOpen(false);
          onRevoked(revoked);
        },
        (error: unknown) => {
          setPending(false);
          const body = isApiError(error) ? error.body : null;
          setFailure({ message: body?.message ?? t('revoke.failed'), reason: body?.errors?.reason });
        },
      );
  };

  return (
    <section aria-labelledby="revoke-title" className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-6">
      <h2 id="revoke-title" className="text-lg font-semibold">
        {t('revoke.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('revoke.lead', { company: certificate.companyName })}</p>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {t('revoke.action')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => pending || setOpen(next)}
        title={t('revoke.dialogTitle')}
        description={t('revoke.dialogText', { holder: certificate.holderName, course: certificate.courseTitle })}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field id="revoke-reason" label={t('revoke.reason')} hint={t('revoke.reasonHint')} error={failure?.reason}>
            {(control) => (
              <Textarea {...control} value={reason} maxLength={REVOKE_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          {failure && !failure.reason && (
            <p role="alert" className="text-sm text-danger">
              {failure.message}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              {t('revoke.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t('revoke.pending') : t('revoke.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
