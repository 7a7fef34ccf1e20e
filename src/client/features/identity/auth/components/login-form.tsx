import { lazy, Suspense, useCallback, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import type { TLoginForm, TLoginRequest } from '@shared/schemas/auth.ts';
import type { TwoFactorMethod } from '@shared/schemas/two-factor.ts';
import type { TLoginResponse, TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-fields';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { applyServerErrors, serverMessage, useErrorText } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { forgetNewcomer, markNewcomer } from '@/lib/newcomer';
import { ShellLink, useShell } from '@/lib/shell-context';
import { login } from '../api/login';
import { DemoAccountCard } from './demo-account-card';
import { SsoChoice, SsoErrorNotice, useSsoLookup } from '../../sso/sso-login';
import { passkeysSupported } from '../../two-factor/passkeys/webauthn';

// Only for the few with two-factor sign-in on: its code loads when the password was right.
const LoginSecondStep = lazy(() => import('../../two-factor/login-second-step'));
// The passwordless login's button: its code (the browser's passkey calls) loads beside the form.
const PasskeyLogin = lazy(() => import('../../two-factor/passkeys/passkey-login'));

const validation = lazyResolver(() => import('./auth-validation').then((module) => module.loginResolver));

const linkClass = 'rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The login form. It runs on the light shell as well as in the full app, so it uses neither React
 * Router nor TanStack Query: the plain login call, then the shell's startSession.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: TUser) => void }) {
  const { t } = useTranslation('auth');
  const { startSession, search } = useShell();
  const errorText = useErrorText();
  const form = useForm<TLoginForm, unknown, TLoginRequest>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const [pending, setPending] = useState(false);
  const [secondStep, setSecondStep] = useState<'code' | 'setup' | undefined>();
  // People of a company that logs in at its identity provider are sent there; where the company
  // requires it, the password fields give way (its break-glass admin can still bring them back).
  const email = useWatch({ control: form.control, name: 'email' });
  const remember = useWatch({ control: form.control, name: 'rememberMe' });
  const sso = useSsoLookup(email);
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const passwordHidden = sso?.required === true && !passwordAnyway;
  const [methods, setMethods] = useState<TwoFactorMethod[]>([]);

  // Stable: the set-up step asks for its secret once, when it first shows.
  const restart = useCallback(() => {
    setSecondStep(undefined);
    form.setValue('password', '');
  }, [form]);

  const loggedIn = ({ firstLogin, ...user }: TLoginResponse) => {
    if (firstLogin) {
      markNewcomer(user.id);
      toast({ title: t('login.toast.firstLogin.title'), description: t('login.toast.firstLogin.description') });
    } else {
      forgetNewcomer();
      toast({ title: t('login.toast.success.title'), description: t('login.toast.success.description') });
    }
    startSession(user);
    onLoggedIn(user);
  };

  const submit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      const answer = await login(values);
      if ('twoFactorRequired' in answer) {
        setMethods(answer.methods);
        setSecondStep('code');
      } else if ('twoFactorSetupRequired' in answer) setSecondStep('setup');
      else loggedIn(answer);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password']);
      // 401 without a message means wrong credentials; anything else (network) a generic failure.
      const fallback = isApiError(error) && error.status === 401 ? t('login.toast.failed.fallback') : t('login.toast.failed.generic');
      toast({ variant: 'destructive', title: t('login.toast.failed.title'), description: serverMessage(error) ?? fallback });
    } finally {
      setPending(false);
    }
  });

  if (secondStep) {
    return (
      <Suspense fallback={<Spinner />}>
        <LoginSecondStep setup={secondStep === 'setup'} methods={methods} onDone={loggedIn} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    // Intent to use the form starts the download of its validation code.
    <div className="flex flex-col gap-6" onFocus={validation.preload} onPointerEnter={validation.preload} onTouchStart={validation.preload}>
      <SsoErrorNotice search={search} />
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <TextField
          id="login-email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          required
          registration={form.register('email')}
          error={errorText(errors.email)}
        />
        {sso?.sso && <SsoChoice lookup={sso} email={email} next={new URLSearchParams(search).get('next')} remember={remember === true} />}
        {passwordHidden ? (
          <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => setPasswordAnyway(true)}>
            {t('login.sso.usePassword')}
          </Button>
        ) : (
          <PasswordField
            id="login-password"
            label={t('login.password')}
            autoComplete="current-password"
            required
            registration={form.register('password')}
            error={errorText(errors.password)}
          />
        )}
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
          <ShellLink to="/forgot-password" className={cn(linkClass, 'text-sm')}>
            {t('login.forgotPassword')}
          </ShellLink>
        </div>
        {!passwordHidden && (
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending && <Spinner />}
            {pending ? t('login.submitting') : t('login.submit')}
          </Button>
        )}
      </form>
      {passkeysSupported() && (
        // Its place is kept while its code comes: the page below it does not move.
        <Suspense fallback={<div aria-hidden="true" className="h-20" />}>
          <PasskeyLogin rememberMe={() => form.getValues('rememberMe') === true} onDone={loggedIn} />
        </Suspense>
      )}
      <p className="text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <ShellLink to="/register" className={linkClass}>
          {t('login.registerLink')}
        </ShellLink>
      </p>
      <DemoAccountCard
        onUse={(demoEmail, password) => {
          form.setValue('email', demoEmail, { shouldValidate: form.formState.isSubmitted });
          form.setValue('password', password, { shouldValidate: form.formState.isSubmitted });
          form.setFocus('password');
        }}
      />
    </div>
  );
}
