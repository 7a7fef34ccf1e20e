import { useId, useState, type FormEvent } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import type { TScimSettings, TScimToken, TScimTokenCreated } from '@shared/schemas/scim.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RevocableList } from '@/components/ui/revocable-list';
import { SecretShownOnce } from '@/components/ui/secret-shown-once';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useCreateScimToken, useRevokeScimToken, useScimSettings } from './api';

/**
 * Automatic user provisioning (SCIM), for the company's admins (docs/features/provisioning.md): the
 * base URL to give the identity provider, tokens made and shown once, and revoking them.
 */
export default function ScimSettings() {
  const { t } = useTranslation('team');
  const settings = useScimSettings();
  return (
    <Card role="region" aria-labelledby="scim-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="scim-title" className="text-base font-semibold">
            {t('scim.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('scim.description')}</p>
        </div>
      </div>
      {settings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('scim.loading')}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('scim.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
            {t('scim.retry')}
          </Button>
        </p>
      ) : (
        <ScimBody settings={settings.data} />
      )}
    </Card>
  );
}

/** A value to give the identity provider, in the card's words. */
function CopyValue(props: { id: string; label: string; value: string; testId: string }) {
  const { t } = useTranslation('team');
  return <CopyField {...props} copyText={t('scim.copy')} copiedText={t('scim.copied')} />;
}

function ScimBody({ settings }: { settings: TScimSettings }) {
  const { t } = useTranslation('team');
  const baseId = useId();
  const create = useCreateScimToken();
  const [label, setLabel] = useState('Microsoft Entra ID');
  const [created, setCreated] = useState<TScimTokenCreated | undefined>();
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(label.trim(), {
      onSuccess: setCreated,
      onError: (failure) => setError(serverMessage(failure) ?? t('scim.createFailed')),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <CopyValue id={`${baseId}-url`} label={t('scim.baseUrl')} value={settings.baseUrl} testId="scim-base-url" />
      {created && (
        <SecretShownOnce
          title={t('scim.shownTitle', { label: created.token.label })}
          warning={t('scim.shownWarning')}
          label={t('scim.secret')}
          value={created.secret}
          copyText={t('scim.copy')}
          copiedText={t('scim.copied')}
          hideText={t('scim.hide')}
          onHide={() => {
            setCreated(undefined);
            document.getElementById(`${baseId}-label`)?.focus();
          }}
          testId="scim-secret"
        />
      )}
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('scim.createTitle')}>
        <Field id={`${baseId}-label`} label={t('scim.label')} error={error} className="min-w-60 flex-1">
          {(control) => <Input {...control} value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={create.isPending || label.trim() === ''}>
          {t('scim.create')}
        </Button>
      </form>
      <TokenList tokens={settings.tokens} />
    </div>
  );
}

function TokenList({ tokens }: { tokens: TScimToken[] }) {
  const { t } = useTranslation('team');
  const revoke = useRevokeScimToken();
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{t('scim.none')}</p>;
  return (
    <RevocableList
      items={tokens}
      testId="scim-token"
      onRevoke={(id) => revoke.mutateAsync(id)}
      text={{
        heading: t('scim.tokens'),
        revoke: t('scim.revoke'),
        revokeNamed: (label) => t('scim.revokeNamed', { label }),
        revokedAt: (when) => t('scim.revokedAt', { when }),
        confirmTitle: (label) => t('scim.confirmTitle', { label }),
        confirmDescription: t('scim.confirmDescription'),
        cancel: t('scim.cancel'),
        revoked: (label) => t('scim.revoked', { label }),
        revokeFailed: t('scim.revokeFailed'),
      }}
      details={(token) => (
        <>
          <span className="font-medium">{token.label}</span>
          <span className="text-sm text-muted-foreground">
            {t('scim.createdBy', { when: formatDateTime(token.createdAt), who: token.createdBy ?? t('scim.someone') })}
            {' · '}
            {token.lastUsedAt ? t('scim.lastUsed', { when: formatDateTime(token.lastUsedAt) }) : t('scim.neverUsed')}
          </span>
        </>
      )}
    />
  );
}
