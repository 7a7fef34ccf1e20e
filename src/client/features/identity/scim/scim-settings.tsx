import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import type { TScimSettings, TScimToken, TScimTokenCreated } from '@shared/schemas/scim.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
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
  const shownRef = useRef<HTMLDivElement>(null);
  // The token is shown once: take the reader there, once it is on the page.
  useEffect(() => {
    if (created) shownRef.current?.focus();
  }, [created]);

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
        <div
          ref={shownRef}
          tabIndex={-1}
          role="region"
          aria-labelledby={`${baseId}-shown`}
          className="flex flex-col gap-2 rounded-lg border border-accent bg-accent-soft p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <h3 id={`${baseId}-shown`} className="text-sm font-semibold">
            {t('scim.shownTitle', { label: created.token.label })}
          </h3>
          <p className="text-sm">{t('scim.shownWarning')}</p>
          <CopyValue id={`${baseId}-secret`} label={t('scim.secret')} value={created.secret} testId="scim-secret" />
          <div>
            <Button variant="secondary" size="sm" onClick={() => setCreated(undefined)}>
              {t('scim.hide')}
            </Button>
          </div>
        </div>
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
  const [asking, setAsking] = useState<TScimToken | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{t('scim.none')}</p>;
  return (
    <>
      <h3 className="text-sm font-semibold">{t('scim.tokens')}</h3>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t('scim.tokens')}>
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="scim-token">
            <div className="flex flex-col">
              <span className="font-medium">{token.label}</span>
              <span className="text-sm text-muted-foreground">
                {t('scim.createdBy', { when: formatDateTime(token.createdAt), who: token.createdBy ?? t('scim.someone') })}
                {' · '}
                {token.lastUsedAt ? t('scim.lastUsed', { when: formatDateTime(token.lastUsedAt) }) : t('scim.neverUsed')}
              </span>
            </div>
            {token.revokedAt ? (
              <span className="text-sm text-muted-foreground">{t('scim.revokedAt', { when: formatDateTime(token.revokedAt) })}</span>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setAsking(token)}
                aria-label={t('scim.revokeNamed', { label: token.label })}
              >
                {t('scim.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-muted-foreground">
        {message ?? ''}
      </p>
      <LazyConfirmDialog
        open={asking !== undefined}
        onOpenChange={(open) => !open && setAsking(undefined)}
        title={t('scim.confirmTitle', { label: asking?.label ?? '' })}
        description={t('scim.confirmDescription')}
        confirmLabel={t('scim.revoke')}
        cancelLabel={t('scim.cancel')}
        destructive
        onConfirm={() => {
          if (!asking) return;
          const { id, label } = asking;
          revoke.mutate(id, {
            onSuccess: () => setMessage(t('scim.revoked', { label })),
            onError: (failure) => setMessage(serverMessage(failure) ?? t('scim.revokeFailed')),
          });
          setAsking(undefined);
        }}
      />
    </>
  );
}
