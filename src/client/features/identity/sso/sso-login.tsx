import { useEffect, useRef, useState } from 'react';
import type { TSsoLookup } from '@shared/schemas/sso.ts';
import { SSO_ERRORS, type TSsoError } from '@shared/sso.ts';
import { buttonClasses } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { lookupSso, ssoStartUrl } from './login-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the login page knows of the typed address: whether its company logs in at its identity
 * provider, and whether passwords are refused there. Asked once per address, when it looks whole.
 */
export function useSsoLookup(email: string): TSsoLookup | undefined {
  const [answer, setAnswer] = useState<{ email: string; lookup: TSsoLookup } | undefined>();
  const trimmed = email.trim().toLowerCase();
  useEffect(() => {
    if (!EMAIL.test(trimmed)) return;
    const controller = new AbortController();
    // A short pause, so typing does not ask once per letter.
    const timer = setTimeout(() => {
      lookupSso(trimmed, controller.signal).then(
        (lookup) => setAnswer({ email: trimmed, lookup }),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);
  return answer?.email === trimmed ? answer.lookup : undefined;
}

/** The way to the company's provider: a full page load, since the provider is another site. */
export function SsoChoice({
  lookup,
  email,
  next,
  remember,
}: {
  lookup: TSsoLookup;
  email: string;
  next: string | null;
  remember: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-accent bg-accent-soft p-4" data-testid="sso-choice">
      <p className="text-sm">{t(lookup.required ? 'login.sso.requiredNotice' : 'login.sso.notice')}</p>
      <a href={ssoStartUrl({ email: email.trim(), next, remember })} className={buttonClasses('primary', 'lg', 'w-full')}>
        {t(`login.sso.with.${lookup.provider ?? 'oidc'}`)}
      </a>
    </div>
  );
}

const isSsoError = (value: string | null): value is TSsoError => value !== null && (SSO_ERRORS as readonly string[]).includes(value);

/** Why a login at the provider came back without a session (the server's `sso_error`), said once and focused. */
export function SsoErrorNotice({ search }: { search: string }) {
  const { t } = useTranslation('auth');
  const code = new URLSearchParams(search).get('sso_error');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [code]);
  if (!isSsoError(code)) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-danger p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="font-semibold">{t('login.sso.errorTitle')}</p>
      <p>{t(`login.sso.errors.${code}`)}</p>
    </div>
  );
}
