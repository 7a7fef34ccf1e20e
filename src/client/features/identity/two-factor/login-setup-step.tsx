import { useEffect, useState, type FormEvent } from 'react';
import type { TRecoveryCodes, TTotpSetup } from '@shared/schemas/two-factor.ts';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { api, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { RecoveryCodes } from './recovery-codes';
import { TotpQr } from './totp-qr';

/**
 * A login whose company requires a second factor the person has not set up: they set up their
 * authenticator app here, keep the recovery codes, and are then logged in.
 */
export function LoginSetupStep({ onDone, onRestart }: { onDone: (user: TLoginResponse) => void; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const [setup, setSetup] = useState<TTotpSetup | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [finished, setFinished] = useState<(TLoginResponse & TRecoveryCodes) | undefined>();

  useEffect(() => {
    api.post<TTotpSetup>('/api/login/2fa/setup').then(setSetup, (failure: unknown) => {
      if (isApiError(failure) && failure.status === 401) onRestart();
      else setError(serverMessage(failure) ?? t('login.toast.failed.generic'));
    });
  }, [onRestart, t]);

  if (finished) {
    const { recoveryCodes, ...user } = finished;
    return <RecoveryCodes level={2} codes={recoveryCodes} onDone={() => onDone(user)} />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      setFinished(await api.post<TLoginResponse & TRecoveryCodes>('/api/login/2fa/setup/confirm', { code }));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) onRestart();
      setError(serverMessage(failure) ?? t('login.toast.failed.generic'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-labelledby="login-setup-title">
      <div>
        <h2 id="login-setup-title" className="text-lg font-semibold">
          {t('login.twoFactor.setupTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('login.twoFactor.setupLead')}</p>
      </div>
      {setup ? <TotpQr setup={setup} alt={t('login.twoFactor.qrAlt')} keyLabel={t('login.twoFactor.key')} /> : !error && <Spinner />}
      <Field id="login-setup-code" label={t('login.twoFactor.codeLabel')} required error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={pending || !setup} className="w-full">
        {pending && <Spinner />}
        {t('login.twoFactor.setupSubmit')}
      </Button>
    </form>
  );
}
