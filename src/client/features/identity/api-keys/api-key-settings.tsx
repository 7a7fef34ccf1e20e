import { useId, useState, type FormEvent } from 'react';
import PlugZap from 'lucide-react/icons/plug-zap';
import { API_KEY_SCOPES } from '@shared/constants.ts';
import type { ApiKeyScope, TApiKey, TApiKeyCreated } from '@shared/schemas/api-keys.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RevocableList } from '@/components/ui/revocable-list';
import { SecretShownOnce } from '@/components/ui/secret-shown-once';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';

/** A scope's part of the i18n keys of its name and its description. */
const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '-') as 'reports-read' | 'people-manage' | 'enrolments-manage';

/**
 * API keys for the company's own systems (HR, payroll, BI), for its admins
 * (docs/features/integrations.md): made with the scopes chosen and shown once, listed, revoked.
 */
export default function ApiKeySettings() {
  const { t } = useTranslation('team');
  const keys = useApiKeys();
  return (
    <Card role="region" aria-labelledby="api-keys-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <PlugZap aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="api-keys-title" className="text-base font-semibold">
            {t('apiKeys.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('apiKeys.description')}{' '}
            <a href="/api/docs" target="_blank" rel="noreferrer" className="font-medium text-accent underline underline-offset-2">
              {t('apiKeys.docs')}
            </a>
          </p>
        </div>
      </div>
      {keys.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('apiKeys.loading')}
        </p>
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('apiKeys.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void keys.refetch()}>
            {t('apiKeys.retry')}
          </Button>
        </p>
      ) : (
        <>
          <CreateKey />
          <KeyList keys={keys.data.keys} />
        </>
      )}
    </Card>
  );
}

function CreateKey() {
  const { t } = useTranslation('team');
  const baseId = useId();
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [created, setCreated] = useState<TApiKeyCreated | undefined>();
  const [errors, setErrors] = useState<{ label?: string; scopes?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(label.trim() === '' && { label: t('apiKeys.labelRequired') }),
      ...(scopes.length === 0 && { scopes: t('apiKeys.scopesRequired') }),
    };
    setErrors(missing);
    if (missing.label) return document.getElementById(`${baseId}-label`)?.focus();
    if (missing.scopes) return document.getElementById(`${baseId}-${API_KEY_SCOPES[0]}`)?.focus();
    create.mutate(
      { label: label.trim(), scopes },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setLabel('');
          setScopes([]);
        },
        onError: (failure) => setErrors({ form: serverMessage(failure) ?? t('apiKeys.createFailed') }),
      },
    );
  };

  return (
    <>
      {created && (
        <SecretShownOnce
          title={t('apiKeys.shownTitle', { label: created.key.label })}
          warning={t('apiKeys.shownWarning')}
          label={t('apiKeys.secret')}
          value={created.secret}
          copyText={t('apiKeys.copy')}
          copiedText={t('apiKeys.copied')}
          hideText={t('apiKeys.hide')}
          onHide={() => {
            setCreated(undefined);
            document.getElementById(`${baseId}-label`)?.focus();
          }}
          testId="api-key-secret"
        />
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${baseId}-create`}>
        <h3 id={`${baseId}-create`} className="text-sm font-semibold">
          {t('apiKeys.createTitle')}
        </h3>
        <Field id={`${baseId}-label`} label={t('apiKeys.label')} error={errors.label} required className="max-w-md">
          {(control) => (
            <Input
              {...control}
              value={label}
              maxLength={80}
              placeholder={t('apiKeys.labelPlaceholder')}
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="flex items-start gap-3">
              <Checkbox
                id={`${baseId}-${scope}`}
                className="mt-0.5"
                checked={scopes.includes(scope)}
                aria-describedby={[`${baseId}-${scope}-about`, errors.scopes && `${baseId}-scopes-error`].filter(Boolean).join(' ')}
                aria-invalid={errors.scopes ? true : undefined}
                onCheckedChange={(on) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)))}
              />
              <div className="flex flex-col">
                <label htmlFor={`${baseId}-${scope}`} className="text-sm font-medium">
                  {t(`apiKeys.scope.${scopeKey(scope)}`)}
                </label>
                <span id={`${baseId}-${scope}-about`} className="text-sm text-muted-foreground">
                  {t(`apiKeys.scopeAbout.${scopeKey(scope)}`)}
                </span>
              </div>
            </div>
          ))}
          {errors.scopes && (
            <p id={`${baseId}-scopes-error`} className="text-sm text-danger">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('apiKeys.create')}
          </Button>
        </div>
      </form>
    </>
  );
}

function KeyList({ keys }: { keys: TApiKey[] }) {
  const { t } = useTranslation('team');
  const revoke = useRevokeApiKey();
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{t('apiKeys.none')}</p>;
  return (
    <RevocableList
      items={keys}
      testId="api-key"
      onRevoke={(id) => revoke.mutateAsync(id)}
      text={{
        heading: t('apiKeys.keys'),
        revoke: t('apiKeys.revoke'),
        revokeNamed: (label) => t('apiKeys.revokeNamed', { label }),
        revokedAt: (when) => t('apiKeys.revokedAt', { when }),
        confirmTitle: (label) => t('apiKeys.confirmTitle', { label }),
        confirmDescription: t('apiKeys.confirmDescription'),
        cancel: t('apiKeys.cancel'),
        revoked: (label) => t('apiKeys.revoked', { label }),
        revokeFailed: t('apiKeys.revokeFailed'),
      }}
      details={(key) => (
        <>
          <span className="font-medium">
            {key.label} <code className="ml-1 text-xs text-muted-foreground">{key.prefix}…</code>
          </span>
          <span className="text-sm">{key.scopes.map((scope) => t(`apiKeys.scope.${scopeKey(scope)}`)).join(', ')}</span>
          <span className="text-sm text-muted-foreground">
            {t('apiKeys.createdBy', { when: formatDateTime(key.createdAt), who: key.owner })}
            {' · '}
            {key.lastUsedAt ? t('apiKeys.lastUsed', { when: formatDateTime(key.lastUsedAt) }) : t('apiKeys.neverUsed')}
          </span>
        </>
      )}
    />
  );
}
