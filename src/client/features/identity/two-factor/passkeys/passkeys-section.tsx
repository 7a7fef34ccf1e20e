import { useState, type FormEvent } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { PasswordStep } from '../password-step';
import { RecoveryCodes } from '../recovery-codes';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api';
import { cancelled, passkeysSupported } from './webauthn';

/**
 * Passkeys on the profile's Sikkerhed tab (docs/decisions/059-passkeys.md): the list with when
 * each was added and last used, adding one under a name (the browser's own dialog makes it), and
 * removing one with the password. The first second factor comes with recovery codes, shown once.
 */
export default function PasskeysSection() {
  const { t } = useTranslation('account');
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<{ id: string; name: string } | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const rename = useRenamePasskey();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | undefined>();
  const supported = passkeysSupported();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNotice(undefined);
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        setNotice(t('passkeys.added', { name: answer.passkey.name }));
        if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
      },
      onError: (failure) => setError(cancelled(failure) ? t('passkeys.cancelled') : (serverMessage(failure) ?? t('passkeys.failed'))),
    });
  };

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (removing) {
    body = (
      <PasswordStep
        id="passkey-password"
        label={t('twoFactor.password')}
        submit={t('passkeys.removeConfirm')}
        name={t('passkeys.removeNamed', { name: removing.name })}
        pending={remove.isPending}
        error={error}
        onCancel={() => {
          setRemoving(undefined);
          setError(undefined);
        }}
        onSubmit={(password) => {
          setError(undefined);
          remove.mutate(
            { id: removing.id, password },
            {
              onSuccess: () => {
                setRemoving(undefined);
                setNotice(t('passkeys.removed'));
              },
              onError: (failure) => setError(serverMessage(failure) ?? t('passkeys.failed')),
            },
          );
        }}
      />
    );
  } else {
    const passkeys = list.data?.passkeys ?? [];
    body = (
      <div className="flex flex-col gap-5">
        {list.isSuccess && passkeys.length === 0 && <p className="text-sm text-muted-foreground">{t('passkeys.none')}</p>}
        {passkeys.length > 0 && (
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label={t('passkeys.listLabel')}>
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex items-center gap-3">
                  <KeyRound aria-hidden="true" className="size-4 text-accent" />
                  <div>
                    {renaming?.id === passkey.id ? (
                      <form
                        noValidate
                        className="flex flex-wrap items-center gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          rename.mutate(
                            { id: passkey.id, name: renaming.name.trim() },
                            {
                              onSuccess: () => setRenaming(undefined),
                              onError: (failure) => setError(serverMessage(failure) ?? t('passkeys.failed')),
                            },
                          );
                        }}
                      >
                        <Input
                          aria-label={t('passkeys.name')}
                          value={renaming.name}
                          maxLength={60}
                          onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                          className="h-9 max-w-56"
                        />
                        <Button type="submit" size="sm" disabled={rename.isPending || renaming.name.trim() === ''}>
                          {t('passkeys.save')}
                        </Button>
                      </form>
                    ) : (
                      <p className="font-medium">{passkey.name}</p>
                    )}
                    <p className="text-sm text-muted-foreground">
                      {passkey.lastUsedAt
                        ? t('passkeys.used', { created: formatDate(passkey.createdAt), used: formatDate(passkey.lastUsedAt) })
                        : t('passkeys.unused', { created: formatDate(passkey.createdAt) })}
                    </p>
                  </div>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('passkeys.renameNamed', { name: passkey.name })}
                    onClick={() => setRenaming(renaming?.id === passkey.id ? undefined : { id: passkey.id, name: passkey.name })}
                  >
                    {renaming?.id === passkey.id ? t('twoFactor.cancel') : t('passkeys.rename')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                    onClick={() => {
                      setNotice(undefined);
                      setError(undefined);
                      setRemoving({ id: passkey.id, name: passkey.name });
                    }}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {supported ? (
          <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
            <Field id="passkey-name" label={t('passkeys.name')} hint={t('passkeys.nameHint')} required error={error}>
              {(control) => (
                <Input {...control} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} className="max-w-sm" />
              )}
            </Field>
            <Button type="submit" className="self-start" disabled={add.isPending || name.trim() === ''}>
              {add.isPending && <Spinner />}
              {t('passkeys.add')}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
        )}
      </div>
    );
  }

  return (
    <Card className="p-6 sm:p-8" role="region" aria-labelledby="passkeys-title">
      <div className="flex max-w-xl flex-col gap-5">
        <div>
          <h2 id="passkeys-title" className="text-xl font-semibold">
            {t('passkeys.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('passkeys.lead')}</p>
        </div>
        {notice && (
          <p role="status" className="text-sm font-medium">
            {notice}
          </p>
        )}
        {body}
      </div>
    </Card>
  );
}
