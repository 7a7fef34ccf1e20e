import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/lib/use-translation';
import { ZChangePasswordForm, type TChangePasswordForm } from '@shared/schemas/auth.ts';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { DemoLockNotice } from './demo-lock';

const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Sikkerhed tab: the confirmation is checked here; only the two passwords are sent. `locked`
 * (the demo account) disables the form up front and says why.
 */
export function ChangePasswordForm({ locked = false }: { locked?: boolean }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const form = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = useChangePassword();

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({
            title: t('profile.security.toast.success.title'),
            description: t('profile.security.toast.success.description'),
          });
          form.reset(EMPTY);
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, ['currentPassword', 'newPassword']);
          toast({
            variant: 'destructive',
            title: t('profile.security.toast.failed.title'),
            description: serverMessage(error) ?? t('profile.security.toast.failed.fallback'),
          });
        },
      },
    ),
  );

  const field = (name: keyof TChangePasswordForm, autoComplete: string) => ({
    id: `password-${name}`,
    label: t(`profile.security.fields.${name}`),
    registration: form.register(name),
    error: errorText(errors[name]),
    autoComplete,
    required: true,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="password-form-title"
      className="flex max-w-xl flex-col gap-5"
    >
      <div>
        <h2 id="password-form-title" className="text-xl font-semibold">
          {t('profile.security.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('profile.security.lead')}</p>
      </div>
      {locked && <DemoLockNotice id="password-demo-locked" />}
      <fieldset disabled={locked} aria-describedby={locked ? 'password-demo-locked' : undefined} className="flex flex-col gap-5">
        <PasswordField {...field('currentPassword', 'current-password')} />
        <PasswordField {...field('newPassword', 'new-password')} hint={t('profile.security.newHint')} />
        <PasswordField {...field('confirmPassword', 'new-password')} />
        <Button type="submit" disabled={change.isPending} className="self-start">
          {change.isPending && <Spinner />}
          {change.isPending ? t('profile.security.submitting') : t('profile.security.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
