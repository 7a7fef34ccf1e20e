import { useId } from 'react';
import type { TSsoSettings } from '@shared/schemas/sso.ts';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { CopyValue } from './sso-parts';

/** What the admin changes of the SAML provider; the settings' PUT takes it as `saml`. */
export interface SamlFieldsValue {
  metadataXml?: string;
  metadataUrl?: string;
  encrypted?: boolean;
}

export interface SamlFieldsProps {
  /** The settings' `saml` as GET /api/organisation/sso has it. */
  saml: TSsoSettings['saml'];
  value: SamlFieldsValue;
  onChange: (value: SamlFieldsValue) => void;
  /** The server's field errors, already in words, keyed as it keys them ('saml.metadataXml', 'saml.metadataUrl'). */
  errors?: Partial<Record<string, string>>;
  disabled?: boolean;
}

/**
 * The SAML part of a company's single sign-on settings (docs/decisions/060-saml-sign-in.md): what to
 * give the provider, the provider's metadata (pasted or by address), whether assertions are
 * encrypted to us, and what was read of the provider: its entity id, addresses and certificates.
 */
export function SamlFields({ saml, value, onChange, errors = {}, disabled = false }: SamlFieldsProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const encrypted = value.encrypted ?? saml.encrypted;
  return (
    <div className="flex flex-col gap-4" data-testid="saml-fields">
      <section aria-labelledby={`${id}-ours`} className="flex flex-col gap-2">
        <h3 id={`${id}-ours`} className="text-sm font-semibold">
          {t('samlFields.oursTitle')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('samlFields.oursHint')}</p>
        <CopyValue id={`${id}-entity`} label={t('samlFields.spEntityId')} value={saml.spEntityId} />
        <CopyValue id={`${id}-acs`} label={t('samlFields.acsUrl')} value={saml.acsUrl} />
        <CopyValue id={`${id}-metadata`} label={t('samlFields.spMetadataUrl')} value={saml.spMetadataUrl} />
      </section>

      <section aria-labelledby={`${id}-theirs`} className="flex flex-col gap-3">
        <h3 id={`${id}-theirs`} className="text-sm font-semibold">
          {t('samlFields.theirsTitle')}
        </h3>
        <Field
          id={`${id}-url`}
          label={t('samlFields.metadataUrl')}
          hint={t('samlFields.metadataUrlHint')}
          error={errors['saml.metadataUrl']}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              value={value.metadataUrl ?? saml.metadataUrl ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, metadataUrl: e.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${id}-xml`}
          label={t('samlFields.metadataXml')}
          hint={t('samlFields.metadataXmlHint')}
          error={errors['saml.metadataXml']}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={6}
              className="font-mono text-xs"
              value={value.metadataXml ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, metadataXml: e.target.value })}
            />
          )}
        </Field>
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-encrypted`}
            checked={encrypted}
            disabled={disabled}
            aria-describedby={`${id}-encrypted-hint`}
            onCheckedChange={(checked) => onChange({ ...value, encrypted: checked })}
          />
          <div className="flex flex-col">
            <label htmlFor={`${id}-encrypted`} className="text-sm font-medium">
              {t('samlFields.encrypted')}
            </label>
            <p id={`${id}-encrypted-hint`} className="text-sm text-muted-foreground">
              {t('samlFields.encryptedHint')}
            </p>
          </div>
        </div>
      </section>

      {saml.entityId ? (
        <section aria-labelledby={`${id}-read`} className="flex flex-col gap-2">
          <h3 id={`${id}-read`} className="text-sm font-semibold">
            {t('samlFields.readTitle')}
          </h3>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{t('samlFields.entityId')}</dt>
            <dd className="break-all">{saml.entityId}</dd>
            <dt className="text-muted-foreground">{t('samlFields.ssoUrl')}</dt>
            <dd className="break-all">{saml.ssoUrl}</dd>
            <dt className="text-muted-foreground">{t('samlFields.sloUrl')}</dt>
            <dd className="break-all">{saml.sloUrl ?? t('samlFields.none')}</dd>
          </dl>
          <h4 className="text-sm font-medium">{t('samlFields.certificates')}</h4>
          <ul className="flex flex-col gap-1 text-sm" aria-label={t('samlFields.certificates')}>
            {saml.certificates.map((c) => (
              <li key={c.fingerprint} data-testid="saml-certificate" className="flex flex-col">
                <span className="font-mono text-xs break-all">{c.fingerprint}</span>
                <span className="text-muted-foreground">
                  {c.notAfter ? t('samlFields.validUntil', { date: formatDate(c.notAfter) }) : t('samlFields.unreadable')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">{t('samlFields.notRead')}</p>
      )}
    </div>
  );
}
