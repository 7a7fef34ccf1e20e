import { useState, type FormEvent } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import Link2 from 'lucide-react/icons/link-2';
import { isValidDomain, normaliseDomainInput } from '@shared/validation/domain.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';
import { useCustomDomain, useCustomDomainActions, type CustomDomain } from '../api/custom-domain';

/**
 * The company's own domain for its site, for its admins: add it, publish the TXT record and the
 * CNAME it names at the DNS provider, have DNS checked, and the site is served there.
 */
export function CustomDomainSettings() {
  const { t } = useTranslation('account');
  const domain = useCustomDomain();
  return (
    <Card role="region" aria-labelledby="company-domain-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Link2 aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="company-domain-title" className="text-base font-semibold">
            {t('dashboard.domain.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.domain.description')}</p>
        </div>
      </div>
      {domain.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('dashboard.domain.loading')}
        </p>
      ) : domain.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('dashboard.domain.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void domain.refetch()}>
            {t('dashboard.site.retry')}
          </Button>
        </p>
      ) : !domain.data.included && domain.data.status === 'none' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {t('dashboard.domain.notIncluded')}
          <LinkButton to="/billing" variant="ghost" size="sm">
            {t('dashboard.brand.seePlans')}
          </LinkButton>
        </p>
      ) : (
        <DomainForm state={domain.data} />
      )}
    </Card>
  );
}

function DomainForm({ state }: { state: CustomDomain }) {
  const { t } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  const { save, verify, remove } = useCustomDomainActions();
  const [value, setValue] = useState(state.domain ?? '');
  const [touched, setTouched] = useState(false);
  const normalised = normaliseDomainInput(value);
  const valid = normalised !== null && isValidDomain(normalised);
  const serverError = save.isError && isApiError(save.error) ? (save.error.body?.errors?.domain ?? save.error.body?.message) : undefined;
  const error =
    touched && value && !valid ? tm('domain.invalid') : save.isError ? (serverError ?? t('dashboard.domain.failed')) : undefined;
  const failure = verify.error ?? remove.error;
  const busy = save.isPending || verify.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy || normalised === state.domain) return;
    verify.reset();
    save.mutate(normalised);
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
        <Field
          id="company-domain"
          label={t('dashboard.domain.label')}
          error={error}
          hint={t('dashboard.domain.hint')}
          className="min-w-64 flex-1"
        >
          {(control) => (
            <Input
              {...control}
              value={value}
              placeholder="kurser.nordisklaering.dk"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => {
                setValue(event.target.value);
                save.reset();
              }}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-7" disabled={busy}>
          {save.isPending ? t('dashboard.site.saving') : state.domain ? t('dashboard.domain.change') : t('dashboard.domain.add')}
        </Button>
      </form>

      {state.status === 'verified' && state.siteUrl && (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
          <CircleCheck aria-hidden="true" className="size-4 text-success" />
          {t('dashboard.domain.verified')}{' '}
          <a
            href={state.siteUrl}
            className="font-medium break-all text-accent underline-offset-2 hover:underline"
            data-testid="custom-domain-url"
          >
            {state.siteUrl}
          </a>
        </p>
      )}

      {state.record && state.domain && (
        <section aria-labelledby="company-domain-dns" className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <h3 id="company-domain-dns" className="text-sm font-semibold">
            {state.status === 'verified' ? t('dashboard.domain.keepRecords') : t('dashboard.domain.records')}
          </h3>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{t('dashboard.domain.txt')}</dt>
            <dd className="min-w-0">
              <code className="break-all">{state.record.name}</code> ={' '}
              <code className="break-all" data-testid="custom-domain-txt">
                {state.record.value}
              </code>
            </dd>
            <dt className="text-muted-foreground">{t('dashboard.domain.cname')}</dt>
            <dd className="min-w-0">
              <code className="break-all">{state.domain}</code> → <code className="break-all">{state.target}</code>
            </dd>
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            {state.status === 'pending' && (
              <Button variant="secondary" disabled={busy} onClick={() => verify.mutate()}>
                {verify.isPending ? t('dashboard.domain.checking') : t('dashboard.domain.check')}
              </Button>
            )}
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              {t('dashboard.domain.remove')}
            </Button>
          </div>
          {state.status === 'pending' && <p className="text-xs text-muted-foreground">{t('dashboard.domain.pendingNote')}</p>}
        </section>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {(isApiError(failure) && failure.body?.message) || t('dashboard.domain.failed')}
        </p>
      )}
    </div>
  );
}
