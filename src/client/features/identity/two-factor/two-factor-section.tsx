import { useState } from 'react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { TTotpSetup } from '@shared/schemas/two-factor.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { RecoveryCodes } from './recovery-codes';
import { PasswordStep } from './password-step';
import { TotpQr } from './totp-qr';
import { useBeginTotp, useConfirmTotp, useDisableTotp, useNewRecoveryCodes, useTwoFactorStatus } from './api';
import { usePasskeys } from './passkeys/api';

/**
 * Two-factor sign-in on the profile's Sikkerhed tab (docs/decisions/057-two-factor-sign-in.md): set
 * up an authenticator app by scanning its QR code (or typing its key) and entering the first code;
 * the recovery codes are shown once then. Turned off, or its codes replaced, with the password.
 */
export default function TwoFactorSection() {
  const { t } = useTranslation('account');
  const status = useTwoFactorStatus();
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TTotpSetup | undefined>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | undefined>();
  const [asking, setAsking] = useState<'disable' | 'renew' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const on = status.data?.totp === true;
  // Passkeys alone are a second factor too (docs/decisions/059-passkeys.md): their recovery codes are replaced here.
  const passkeys = usePasskeys();
  const withPasskeys = (passkeys.data?.passkeys.length ?? 0) > 0;

  const failed = (failure: unknown) => setError(serverMessage(failure) ?? t('twoFactor.failed'));

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (setup) {
    body = (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          confirm.mutate(code, {
            onSuccess: (answer) => {
              setSetup(undefined);
              setCode('');
              setCodes(answer.recoveryCodes);
            },
            onError: failed,
          });
        }}
      >
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>{t('twoFactor.setup.scan')}</li>
          <li>{t('twoFactor.setup.enter')}</li>
        </ol>
        <TotpQr setup={setup} alt={t('twoFactor.setup.qrAlt')} keyLabel={t('twoFactor.setup.key')} />
        <Field id="two-factor-code" label={t('twoFactor.setup.code')} required error={error}>
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="max-w-40"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending && <Spinner />}
            {t('twoFactor.setup.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setSetup(undefined)}>
            {t('twoFactor.cancel')}
          </Button>
        </div>
      </form>
    );
  } else if (asking) {
    body = (
      <PasswordStep
        id="two-factor-password"
        label={t('twoFactor.password')}
        submit={asking === 'disable' ? t('twoFactor.disable') : t('twoFactor.renew')}
        pending={disable.isPending || renew.isPending}
        error={error}
        onCancel={() => {
          setAsking(undefined);
          setError(undefined);
        }}
        onSubmit={(password) => {
          setError(undefined);
          if (asking === 'disable') disable.mutate(password, { onSuccess: () => setAsking(undefined), onError: failed });
          else
            renew.mutate(password, {
              onSuccess: (answer) => {
                setAsking(undefined);
                setCodes(answer.recoveryCodes);
              },
              onError: failed,
            });
        }}
      />
    );
  } else if (on) {
    body = (
      <div className="flex flex-col gap-4">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheck aria-hidden="true" className="size-4 text-accent" />
          {t('twoFactor.on', { count: status.data?.recoveryCodesLeft ?? 0 })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setAsking('renew')}>
            {t('twoFactor.renew')}
          </Button>
          <Button variant="destructive" onClick={() => setAsking('disable')}>
            {t('twoFactor.disable')}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <Button
          className="self-start"
          disabled={begin.isPending || status.isPending}
          onClick={() => begin.mutate(undefined, { onSuccess: setSetup, onError: failed })}
        >
          {begin.isPending && <Spinner />}
          {t('twoFactor.enable')}
        </Button>
        {withPasskeys && (
          <Button variant="secondary" className="self-start" onClick={() => setAsking('renew')}>
            {t('twoFactor.renew')}
          </Button>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <Card className="p-6 sm:p-8" role="region" aria-labelledby="two-factor-title">
      <div className="flex max-w-xl flex-col gap-5">
        <div>
          <h2 id="two-factor-title" className="text-xl font-semibold">
            {t('twoFactor.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('twoFactor.lead')}</p>
        </div>
        {body}
      </div>
    </Card>
  );
}
