import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZLoginRequest, type TLoginForm, type TLoginRequest } from '@shared/schemas/auth.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordField, TextField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { DemoAccountCard } from './demo-account-card';

const linkClass = 'rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: TUser) => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const form = useForm<TLoginForm, unknown, TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const login = useLogin();

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        toast({ title: t('login.toast.success.title'), description: t('login.toast.success.description') });
        onLoggedIn(user);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['email', 'password']);
        // 401 without a message means wrong credentials; anything else (network) a generic failure.
        const fallback =
          isApiError(error) && error.status === 401 ? t('login.toast.failed.fallback') : t('login.toast.failed.generic');
        toast({ variant: 'destructive', title: t('login.toast.failed.title'), description: serverMessage(error) ?? fallback });
      },
    }),
  );

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          id="login-email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          required
          registration={form.register('email')}
          error={errorText(errors.email)}
        />
        <PasswordField
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          registration={form.register('password')}
          error={errorText(errors.password)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2.5">
            <Controller
              name="rememberMe"
              control={form.control}
              render={({ field }) => (
                <Checkbox
                  id="login-remember"
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <label htmlFor="login-remember" className="text-sm">
              {t('login.rememberMe')}
            </label>
          </div>
          <Link to="/forgot-password" className={cn(linkClass, 'text-sm')}>
            {t('login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
          {login.isPending && <Spinner />}
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link to="/register" className={linkClass}>
          {t('login.registerLink')}
        </Link>
      </p>
      <DemoAccountCard
        onUse={(email, password) => {
          form.setValue('email', email, { shouldValidate: form.formState.isSubmitted });
          form.setValue('password', password, { shouldValidate: form.formState.isSubmitted });
          form.setFocus('password');
        }}
      />
    </div>
  );
}
