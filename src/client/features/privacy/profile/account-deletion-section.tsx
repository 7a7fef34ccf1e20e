import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Lock from 'lucide-react/icons/lock';
import Trash2 from 'lucide-react/icons/trash-2';
import { DEMO_EMAILS } from '@shared/demo.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { PendingDeletion } from '../pending-deletion';
import { useCancelMyErasure, useEraseMe, useMyErasure } from '../api/erasure';

/**
 * Deleting one's own account (docs/features/privacy.md): with the password, carried out after the
 * company's grace period, and cancelled here until then. The demo accounts cannot be deleted.
 */
export function AccountDeletionSection({ user }: { user: TUser }) {
  const { t } = useTranslation('privacy');
  const { t: tm } = useTranslation('messages');
  const mine = useMyErasure();
  const erase = useEraseMe();
  const cancel = useCancelMyErasure();
  const errorText = useErrorText();
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const [error, setError] = useState<string | undefined>();
  const locked = DEMO_EMAILS.includes(user.email);
  const pending = mine.data?.erasure ?? null;

  const submit = form.handleSubmit(({ password }) => {
    setError(undefined);
    erase.mutate(password, {
      onSuccess: () => form.reset({ password: '' }),
      onError: (failure) => {
        if (!applyServerErrors(failure, form.setError, ['password'])) setError(serverMessage(failure) ?? t('erasure.failed'));
      },
    });
  });

  return (
    <Card className="p-6 sm:p-8" aria-labelledby="account-deletion-title" role="region">
      <div className="flex max-w-xl flex-col gap-5">
        <div>
          <h2 id="account-deletion-title" className="text-xl font-semibold">
            {t('erasure.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('erasure.lead')}</p>
        </div>
        {pending ? (
          <PendingDeletion
            testId="erasure-pending"
            text={t('erasure.pending', { date: formatDate(pending.dueAt) })}
            cancelLabel={t('erasure.cancel')}
            cancelling={cancel.isPending}
            onCancel={() => cancel.mutate(undefined, { onError: (failure) => setError(serverMessage(failure) ?? t('erasure.failed')) })}
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
            aria-labelledby="account-deletion-title"
          >
            <PasswordField
              id="erasure-password"
              label={t('erasure.password')}
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
            <Button type="submit" variant="destructive" disabled={erase.isPending || mine.isPending} className="self-start">
              {erase.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
              {t('erasure.submit')}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
