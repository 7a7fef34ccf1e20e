import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Lock from 'lucide-react/icons/lock';
import Trash2 from 'lucide-react/icons/trash-2';
import { DEMO_EMAILS } from '@shared/demo.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-fields';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useMe } from '@/lib/me';
import { useTranslation } from '@/lib/use-translation';
import { PendingDeletion } from './pending-deletion';
import { useCancelCompanyDeletion, useCompanyDeletion, useDeleteCompany } from './api/erasure';

interface Values {
  companyName: string;
  password: string;
}

/**
 * On the admins' settings page: deleting the whole company (docs/decisions/054-company-deletion.md),
 * with the admin's password and the company's name typed, carried out after the grace period, and
 * cancelled here by any admin until then. Every admin is told by e-mail either way.
 */
export default function CompanyDeletionSection() {
  const { t } = useTranslation('privacy');
  const { t: tm } = useTranslation('messages');
  const { data: me } = useMe();
  const status = useCompanyDeletion();
  const remove = useDeleteCompany();
  const cancel = useCancelCompanyDeletion();
  const errorText = useErrorText();
  const form = useForm<Values>({ defaultValues: { companyName: '', password: '' } });
  const [error, setError] = useState<string | undefined>();
  const pending = status.data?.deletion ?? null;
  const companyName = me?.companyName ?? '';
  const locked = me ? DEMO_EMAILS.includes(me.email) : false;

  const submit = form.handleSubmit((values) => {
    setError(undefined);
    remove.mutate(values, {
      onSuccess: () => form.reset({ companyName: '', password: '' }),
      onError: (failure) => {
        if (!applyServerErrors(failure, form.setError, ['companyName', 'password'])) {
          setError(serverMessage(failure) ?? t('companyDeletion.failed'));
        }
      },
    });
  });

  return (
    <Card className="p-6 sm:p-8" aria-labelledby="company-deletion-title" role="region">
      <div className="flex max-w-xl flex-col gap-5">
        <div>
          <h2 id="company-deletion-title" className="text-xl font-semibold">
            {t('companyDeletion.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('companyDeletion.lead')}</p>
        </div>
        {pending ? (
          <PendingDeletion
            testId="company-deletion-pending"
            text={t('companyDeletion.pending', { date: formatDate(pending.dueAt), name: pending.requestedByName ?? '—' })}
            cancelLabel={t('companyDeletion.cancel')}
            cancelling={cancel.isPending}
            onCancel={() =>
              cancel.mutate(undefined, { onError: (failure) => setError(serverMessage(failure) ?? t('companyDeletion.failed')) })
            }
            error={error}
          />
        ) : locked ? (
          <p role="note" className="flex items-start gap-3 rounded-xl border border-border bg-muted p-4 text-sm leading-relaxed">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {tm('profile.demoLocked')}
          </p>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-5"
            aria-labelledby="company-deletion-title"
          >
            <TextField
              id="company-deletion-name"
              label={t('companyDeletion.name', { name: companyName })}
              autoComplete="off"
              required
              error={errorText(form.formState.errors.companyName)}
              registration={form.register('companyName', {
                required: t('companyDeletion.nameMissing'),
                validate: (typed) =>
                  typed.trim().toLocaleLowerCase('da') === companyName.trim().toLocaleLowerCase('da') || t('companyDeletion.nameMismatch'),
              })}
            />
            <PasswordField
              id="company-deletion-password"
              label={t('companyDeletion.password')}
              autoComplete="current-password"
              required
              error={errorText(form.formState.errors.password)}
              registration={form.register('password', { required: t('erasure.passwordMissing') })}
            />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button type="submit" variant="destructive" disabled={remove.isPending || status.isPending} className="self-start">
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
              {t('companyDeletion.submit')}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
