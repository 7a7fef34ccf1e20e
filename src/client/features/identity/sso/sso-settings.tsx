import { useId, useState, type FormEvent } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import type { TSsoSettings, TSsoSettingsUpdate } from '@shared/schemas/sso.ts';
import { SSO_PROVIDERS } from '@shared/sso.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useMembers } from '@/features/identity/team/api/team';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useGroupChoices, useSaveSsoSettings, useSsoSettings } from './api';
import { SamlFields, type SamlFieldsValue } from './saml-fields';
import { CopyValue, GroupMappings } from './sso-parts';

type Draft = Omit<TSsoSettingsUpdate, 'oidc' | 'saml'> & { tenantId: string; issuer: string; clientId: string; clientSecret: string };

function draftOf(s: TSsoSettings): Draft {
  return {
    provider: s.provider,
    enabled: s.enabled,
    required: s.required,
    breakGlassUserId: s.breakGlassUserId,
    defaultRole: s.defaultRole,
    groupMappings: s.groupMappings,
    tenantId: s.oidc.tenantId ?? '',
    issuer: s.provider === 'oidc' ? (s.oidc.issuer ?? '') : '',
    clientId: s.oidc.clientId ?? '',
    clientSecret: '',
  };
}

/**
 * Single sign-on, on the admins' settings page (docs/features/single-sign-on.md): the company's
 * identity provider — Microsoft Entra ID, Google Workspace or another OpenID provider — the
 * addresses to register there, the groups it maps, and whether passwords are refused.
 */
export default function SsoSettings() {
  const { t } = useTranslation('account');
  const settings = useSsoSettings();
  return (
    <Card role="region" aria-labelledby="sso-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <LogIn aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="sso-title" className="text-base font-semibold">
            {t('sso.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('sso.description')}</p>
        </div>
      </div>
      {settings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('sso.loading')}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('sso.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
            {t('sso.retry')}
          </Button>
        </p>
      ) : (
        <SsoForm settings={settings.data} />
      )}
    </Card>
  );
}

function SsoForm({ settings }: { settings: TSsoSettings }) {
  const { t } = useTranslation('account');
  const id = useId();
  const save = useSaveSsoSettings();
  const groups = useGroupChoices();
  const members = useMembers();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [saml, setSaml] = useState<SamlFieldsValue>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'saved' | 'error'; text: string } | undefined>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const admins = (members.data?.members ?? []).filter((m) => m.role === 'admin' && m.active);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(undefined);
    const { tenantId, issuer, clientId, clientSecret, ...rest } = draft;
    const isSaml = draft.provider === 'saml';
    const update: TSsoSettingsUpdate = {
      ...rest,
      ...(isSaml
        ? { saml }
        : {
            oidc: {
              ...(draft.provider === 'entra' && { tenantId: tenantId.trim() }),
              ...(draft.provider === 'oidc' && { issuer: issuer.trim() }),
              clientId: clientId.trim(),
              ...(clientSecret !== '' && { clientSecret }),
            },
          }),
      groupMappings: draft.groupMappings.filter((m) => m.externalGroup.trim() !== '' && m.groupId !== ''),
    };
    save.mutate(update, {
      onSuccess: (answer) => {
        // What was saved, as the server keeps it: the secret field empties, the secret is kept.
        setDraft(draftOf(answer));
        setSaml({});
        setMessage({ kind: 'saved', text: t('sso.saved') });
      },
      onError: (failure) => {
        if (isApiError(failure)) setErrors(failure.body?.errors ?? {});
        setMessage({ kind: 'error', text: serverMessage(failure) ?? t('sso.failed') });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="sso-title">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('sso.provider')}</legend>
        {SSO_PROVIDERS.map((p) => (
          <label key={p} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-provider`} value={p} checked={draft.provider === p} onChange={() => set('provider', p)} />
            {t(`sso.providers.${p}`)}
          </label>
        ))}
      </fieldset>

      {draft.provider === 'saml' && (
        <SamlFields saml={settings.saml} value={saml} onChange={setSaml} errors={errors} disabled={save.isPending} />
      )}
      {draft.provider !== 'saml' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {draft.provider === 'entra' && (
              <Field id={`${id}-tenant`} label={t('sso.tenantId')} hint={t('sso.tenantHint')} error={errors['oidc.tenantId']} required>
                {(c) => <Input {...c} value={draft.tenantId} onChange={(e) => set('tenantId', e.target.value)} className="font-mono" />}
              </Field>
            )}
            {draft.provider === 'oidc' && (
              <Field id={`${id}-issuer`} label={t('sso.issuer')} hint={t('sso.issuerHint')} error={errors['oidc.issuer']} required>
                {(c) => <Input {...c} type="url" value={draft.issuer} onChange={(e) => set('issuer', e.target.value)} />}
              </Field>
            )}
            <Field id={`${id}-client`} label={t('sso.clientId')} error={errors['oidc.clientId']} required>
              {(c) => <Input {...c} value={draft.clientId} onChange={(e) => set('clientId', e.target.value)} className="font-mono" />}
            </Field>
            <Field
              id={`${id}-secret`}
              label={t('sso.clientSecret')}
              hint={settings.oidc.hasSecret ? t('sso.secretKept') : undefined}
              error={errors['oidc.clientSecret']}
              required={!settings.oidc.hasSecret}
            >
              {(c) => (
                <Input
                  {...c}
                  type="password"
                  autoComplete="off"
                  value={draft.clientSecret}
                  onChange={(e) => set('clientSecret', e.target.value)}
                />
              )}
            </Field>
          </div>

          <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
            <h3 className="text-sm font-semibold">{t('sso.ourAddresses')}</h3>
            <p className="text-sm text-muted-foreground">
              {t(draft.provider === 'entra' ? 'sso.ourAddressesEntra' : 'sso.ourAddressesLead')}
            </p>
            <CopyValue id={`${id}-redirect`} label={t('sso.redirectUri')} value={settings.oidc.redirectUri} />
            <CopyValue id={`${id}-backchannel`} label={t('sso.backChannelUri')} value={settings.oidc.backChannelLogoutUri} />
            <CopyValue id={`${id}-frontchannel`} label={t('sso.frontChannelUri')} value={settings.oidc.frontChannelLogoutUri} />
          </div>
        </>
      )}

      <Field id={`${id}-role`} label={t('sso.defaultRole')} hint={t('sso.defaultRoleHint')}>
        {(c) => (
          <select
            {...c}
            className={inputClasses}
            value={draft.defaultRole}
            onChange={(e) => set('defaultRole', e.target.value as Draft['defaultRole'])}
          >
            <option value="learner">{t('sso.roles.learner')}</option>
            <option value="instructor">{t('sso.roles.instructor')}</option>
          </select>
        )}
      </Field>

      <GroupMappings
        mappings={draft.groupMappings}
        groups={groups.data?.groups ?? []}
        error={errors['groupMappings']}
        onChange={(m) => set('groupMappings', m)}
      />

      <div className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <p className="text-sm">
          {settings.domains.length > 0 ? t('sso.domains', { domains: settings.domains.join(', ') }) : t('sso.noDomains')}
        </p>
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-enabled`}
            checked={draft.enabled}
            onCheckedChange={(on) => set('enabled', on)}
            aria-describedby={errors['enabled'] ? `${id}-enabled-error` : undefined}
          />
          <label htmlFor={`${id}-enabled`} className="text-sm font-medium">
            {t('sso.enabled')}
          </label>
        </div>
        {errors['enabled'] && (
          <p id={`${id}-enabled-error`} className="text-sm text-danger">
            {errors['enabled']}
          </p>
        )}
        <div className="flex items-start gap-2.5">
          <Checkbox
            id={`${id}-required`}
            checked={draft.required}
            disabled={!draft.enabled}
            onCheckedChange={(on) => set('required', on === true)}
          />
          <label htmlFor={`${id}-required`} className="text-sm">
            {t('sso.required')}
          </label>
        </div>
        {draft.enabled && draft.required && (
          <Field id={`${id}-glass`} label={t('sso.breakGlass')} hint={t('sso.breakGlassHint')} error={errors['breakGlassUserId']} required>
            {(c) => (
              <select
                {...c}
                className={inputClasses}
                value={draft.breakGlassUserId ?? ''}
                onChange={(e) => set('breakGlassUserId', e.target.value || null)}
              >
                <option value="">{t('sso.breakGlassChoose')}</option>
                {admins.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.contactName} ({a.email})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('sso.save')}
        </Button>
        <p
          role={message?.kind === 'error' ? 'alert' : 'status'}
          className={message?.kind === 'error' ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}
        >
          {message?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
