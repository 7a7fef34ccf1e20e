import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Globe from 'lucide-react/icons/globe';
import { isValidSubdomain, normaliseSubdomainInput } from '@shared/validation/subdomain.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useMe } from '@/lib/me';
import { isApiError } from '@/lib/api-client';
import { useCompanySite, useSaveSubdomain, type CompanySite } from '../api/company-site';

/**
 * The company's site: an admin chooses the subdomain its published
 * courses are served on; everyone else in the company sees the address.
 */
export function CompanySiteSettings() {
  const { t } = useTranslation('account');
  const { data: user } = useMe();
  const site = useCompanySite();
  return (
    <Card role="region" aria-labelledby="company-site-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Globe aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="company-site-title" className="text-base font-semibold">
            {t('dashboard.site.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.site.description')}</p>
        </div>
      </div>
      {site.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('dashboard.site.loading')}
        </p>
      ) : site.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('dashboard.site.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void site.refetch()}>
            {t('dashboard.site.retry')}
          </Button>
        </p>
      ) : (
        <>
          <SiteAddress site={site.data} />
          {user?.role === 'admin' ? (
            <SubdomainForm site={site.data} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('dashboard.site.adminOnly')}</p>
          )}
        </>
      )}
    </Card>
  );
}

function SiteAddress({ site }: { site: CompanySite }) {
  const { t } = useTranslation('account');
  if (!site.siteUrl) return <p className="text-sm">{t('dashboard.site.none')}</p>;
  return (
    <p className="text-sm">
      {t('dashboard.site.current')}{' '}
      <a
        href={site.siteUrl}
        className="font-medium break-all text-accent underline-offset-2 hover:underline"
        data-testid="company-site-url"
      >
        {site.siteUrl}
      </a>
    </p>
  );
}

function SubdomainForm({ site }: { site: CompanySite }) {
  const { t } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  const save = useSaveSubdomain();
  const [value, setValue] = useState(site.subdomain ?? '');
  const [touched, setTouched] = useState(false);
  const valid = isValidSubdomain(value);
  const unchanged = value === site.subdomain;
  // The subdomain rule's message while what is typed is not a valid subdomain; the server's answer after a save.
  const serverError = save.isError && isApiError(save.error) ? (save.error.body?.errors?.subdomain ?? save.error.body?.message) : undefined;
  const error = touched && !valid ? tm('site.subdomainRule') : save.isError ? (serverError ?? t('dashboard.site.saveFailed')) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || unchanged || save.isPending) return;
    save.mutate(value);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        id="company-subdomain"
        label={t('dashboard.site.subdomain')}
        error={error}
        hint={site.siteHost ? t('dashboard.site.preview', { address: `${value || '…'}.${site.siteHost}` }) : t('dashboard.site.hint')}
      >
        {(control) => (
          <Input
            {...control}
            value={value}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={63}
            onChange={(event) => {
              // Lower-cased, other characters stripped, as it is typed.
              setValue(normaliseSubdomainInput(event.target.value));
              setTouched(true);
              save.reset();
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!valid || unchanged || save.isPending}>
          {save.isPending ? t('dashboard.site.saving') : t('dashboard.site.save')}
        </Button>
        {save.isSuccess && (
          <p role="status" className="text-sm text-success">
            {t('dashboard.site.saved')}
          </p>
        )}
      </div>
    </form>
  );
}
