import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorMethod } from '@shared/schemas/two-factor.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { passkeySecondFactor } from './passkeys/login-calls';
import { PasskeyButton } from './passkeys/passkey-button';
import { loginSecondFactor } from './api';
import { LoginSetupStep } from './login-setup-step';

/**
 * A login's second step, after the password was right: the code the authenticator app shows, a
 * passkey, or one of the recovery codes; or, when the company requires a second factor the person
 * has not set up, setting it up. An expired step (5 minutes) sends the person back to the password.
 */
export default function LoginSecondStep({
  setup,
  methods = ['totp'],
  ...props
}: {
  setup: boolean;
  /** The second factors the person has (docs/decisions/059-passkeys.md). */
  methods?: TwoFactorMethod[];
  onDone: (user: TLoginResponse) => void;
  onRestart: () => void;
}) {
  return setup ? <LoginSetupStep {...props} /> : <LoginCodeStep methods={methods} {...props} />;
}

function LoginCodeStep({
  methods,
  onDone,
  onRestart,
}: {
  methods: TwoFactorMethod[];
  onDone: (user: TLoginResponse) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const app = methods.includes('totp');
  const passkey = methods.includes('passkey') ? (
    <PasskeyButton
      label={t('passkeys.use')}
      run={passkeySecondFactor}
      onDone={onDone}
      onRestart={onRestart}
      variant={app ? 'secondary' : 'primary'}
    />
  ) : null;
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(recovery ? t('login.twoFactor.recoveryMissing') : t('login.twoFactor.codeMissing'));
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      onDone(await loginSecondFactor(recovery ? { recoveryCode: value } : { code: value }));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) onRestart();
      setError(serverMessage(failure) ?? t('login.toast.failed.generic'));
      setValue('');
      input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  const toggle = (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="self-center"
      onClick={() => {
        setRecovery(!recovery);
        setValue('');
        setError(undefined);
      }}
    >
      {!recovery ? t('login.twoFactor.useRecovery') : app ? t('login.twoFactor.useApp') : t('passkeys.use')}
    </Button>
  );

  // Only a passkey: its button, and the recovery codes behind a link.
  if (!app && !recovery) {
    return (
      <div className="flex flex-col gap-5" role="group" aria-labelledby="login-two-factor-title">
        <div>
          <h2 id="login-two-factor-title" className="text-lg font-semibold">
            {t('login.twoFactor.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('passkeys.lead')}</p>
        </div>
        {passkey}
        {toggle}
      </div>
    );
  }

  const id = recovery ? 'login-recovery-code' : 'login-code';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-labelledby="login-two-factor-title">
      <div>
        <h2 id="login-two-factor-title" className="text-lg font-semibold">
          {t('login.twoFactor.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{recovery ? t('login.twoFactor.recoveryLead') : t('login.twoFactor.lead')}</p>
      </div>
      <Field id={id} label={recovery ? t('login.twoFactor.recoveryLabel') : t('login.twoFactor.codeLabel')} required error={error}>
        {(control) => (
          <Input
            {...control}
            ref={input}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {t('login.twoFactor.submit')}
      </Button>
      {!recovery && passkey && (
        <>
          <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
            {t('passkeys.or')}
          </p>
          {passkey}
        </>
      )}
      {toggle}
    </form>
  );
}
