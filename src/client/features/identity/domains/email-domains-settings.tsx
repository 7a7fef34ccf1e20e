import { useState, type FormEvent } from 'react';
import AtSign from 'lucide-react/icons/at-sign';
import type { TCompanyDomain } from '@shared/schemas/company-domains.ts';
import { isValidDomain, normaliseDomainInput } from '@shared/validation/domain.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useCompanyDomainActions, useCompanyDomains } from './api';

/**
 * The company's e-mail domains, for its admins: add one, publish its TXT record, have DNS checked,
 * remove it. Sign-in through the company's identity provider will only be offered on verified ones
 * (docs/decisions/056-company-domains-and-sessions.md).
 */
export function EmailDomainsSettings() {
  const { t } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  const domains = useCompanyDomains();
  const { add, verify, remove } = useCompanyDomainActions();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const normalised = normaliseDomainInput(value);
  const valid = normalised !== null && isValidDomain(normalised);
  const error =
    touched && value && !valid ? tm('orgDomain.invalid') : add.isError ? (serverMessage(add.error) ?? t('domains.failed')) : undefined;
  const failure = verify.error ?? remove.error;
  const busy = add.isPending || verify.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    verify.reset();
    add.mutate(normalised, {
      onSuccess: () => {
        setValue('');
        setTouched(false);
      },
    });
  };

  return (
    <Card role="region" aria-labelledby="email-domains-title" className="flex flex-col gap-4" data-testid="email-domains">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <AtSign aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="email-domains-title" className="text-base font-semibold">
            {t('domains.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('domains.description')}</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
        <Field id="email-domain" label={t('domains.label')} error={error} hint={t('domains.hint')} className="min-w-64 flex-1">
          {(control) => (
            <Input
              {...control}
              value={value}
              placeholder="nordisklaering.dk"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => {
                setValue(event.target.value);
                add.reset();
              }}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-7" disabled={busy}>
          {add.isPending ? t('domains.adding') : t('domains.add')}
        </Button>
      </form>
      {domains.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('domains.loading')}
        </p>
      ) : domains.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('domains.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void domains.refetch()}>
            {t('domains.retry')}
          </Button>
        </p>
      ) : domains.data.domains.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('domains.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('domains.listLabel')}>
          {domains.data.domains.map((domain) => (
            <DomainItem
              key={domain.id}
              domain={domain}
              busy={busy}
              onVerify={() => verify.mutate(domain.id)}
              onRemove={() => remove.mutate(domain.id)}
            />
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failure) ?? t('domains.failed')}
        </p>
      )}
    </Card>
  );
}

function DomainItem({
  domain,
  busy,
  onVerify,
  onRemove,
}: {
  domain: TCompanyDomain;
  busy: boolean;
  onVerify: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const headingId = `email-domain-${domain.id}`;
  const verified = domain.status === 'verified';
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="email-domain">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-all">
          {domain.domain}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${verified ? 'bg-success/10 text-success' : 'bg-muted'}`}
          data-testid="email-domain-status"
        >
          {verified
            ? t(domain.method === 'registry' ? 'domains.verifiedRegistry' : 'domains.verifiedDns', { date: formatDate(domain.verifiedAt!) })
            : t('domains.pending')}
        </span>
      </div>
      {!verified && (
        <>
          <p className="text-sm">{t('domains.publish')}</p>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{t('domains.recordName')}</dt>
            <dd className="min-w-0">
              <code className="break-all">{domain.record.name}</code>
            </dd>
            <dt className="text-muted-foreground">{t('domains.recordValue')}</dt>
            <dd className="min-w-0">
              <code className="break-all" data-testid="email-domain-txt">
                {domain.record.value}
              </code>
            </dd>
          </dl>
        </>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {!verified && (
          <>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('domains.copyNamed', { domain: domain.domain })}
              onClick={() => void navigator.clipboard?.writeText(domain.record.value).then(() => setCopied(true))}
            >
              {t('domains.copy')}
            </Button>
            <Button size="sm" disabled={busy} aria-label={t('domains.verifyNamed', { domain: domain.domain })} onClick={onVerify}>
              {t('domains.verify')}
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-danger"
          disabled={busy}
          aria-label={t('domains.removeNamed', { domain: domain.domain })}
          onClick={onRemove}
        >
          {t('domains.remove')}
        </Button>
        {copied && (
          <span role="status" className="text-sm text-muted-foreground">
            {t('domains.copied')}
          </span>
        )}
      </div>
    </li>
  );
}
