import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { TVerificationState } from '@shared/schemas/verification.ts';
import { isWholeCode } from '@shared/validation/verification-code.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { CodeInput } from '@/components/ui/code-input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { formatTime } from '@/lib/format';
import { useCompanyVerification, useConfirmCompanyCode, useSendCompanyCode } from '../api/company-verification';

/** Why this user cannot ask for a code now, if they cannot. */
function blockedReason(state: TVerificationState, isAdmin: boolean): 'adminOnly' | 'notInRegistry' | 'noCompanyEmail' | null {
  if (state.canSendCode || state.canSendOwnCode) return null;
  if (!isAdmin) return 'adminOnly';
  if (state.registry === 'not_found') return 'notInRegistry';
  return 'noCompanyEmail';
}

/**
 * The dashboard's notice while the company has not proved control: what that means
 * here, how to confirm, and — for an admin — sending and entering the code that
 * goes to the company's e-mail address in the CVR registry.
 */
export function CompanyVerificationNotice({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const verification = useCompanyVerification();
  const send = useSendCompanyCode();
  const confirm = useConfirmCompanyCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [justConfirmed, setJustConfirmed] = useState(false);

  const state = verification.data;
  if (!state) return null;
  if (state.status === 'confirmed') {
    if (!justConfirmed) return null;
    return (
      <div role="status" className="flex items-center gap-3 rounded-2xl border border-success/40 bg-card p-5 text-sm">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
        <p>{t('dashboard.verification.confirmed', { company: user.companyName })}</p>
      </div>
    );
  }

  const blocked = blockedReason(state, user.role === 'admin');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWholeCode(code)) {
      setCodeError(t('verification.codeFormat', { ns: 'messages' }));
      return;
    }
    setCodeError(undefined);
    confirm.mutate(
      { code },
      {
        onSuccess: () => setJustConfirmed(true),
        onError: (error) => setCodeError((isApiError(error) && error.body?.message) || t('dashboard.verification.failed')),
      },
    );
  };

  return (
    <section
      id="company-verification"
      tabIndex={-1}
      aria-labelledby="company-verification-title"
      className="flex flex-col gap-4 rounded-2xl border border-accent/50 bg-card p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex flex-col gap-2 text-sm">
          <h2 id="company-verification-title" className="text-base font-semibold">
            {t('dashboard.verification.title', { company: user.companyName })}
          </h2>
          <p>{t(state.required ? 'dashboard.verification.required' : 'dashboard.verification.optional')}</p>
          {state.takeoverPossible && <p className="text-muted-foreground">{t('dashboard.verification.takeover')}</p>}
          {state.companyDomain && (
            <p className="text-muted-foreground">{t('dashboard.verification.domain', { domain: state.companyDomain })}</p>
          )}
          {blocked && <p className="text-muted-foreground">{t(`dashboard.verification.blocked.${blocked}`)}</p>}
          {state.canSendOwnCode && <p>{t('dashboard.verification.howOwn', { email: state.ownAddress })}</p>}
          {state.canSendCode && <p>{t('dashboard.verification.how', { email: state.companyEmail })}</p>}
        </div>
      </div>

      {!blocked && (
        <div className="flex flex-col gap-4 sm:pl-8">
          <div className="flex flex-wrap items-center gap-3">
            {state.canSendOwnCode && (
              <Button variant={state.pending ? 'secondary' : 'primary'} disabled={send.isPending} onClick={() => send.mutate('me')}>
                {send.isPending && send.variables === 'me' && <Spinner />}
                {t('dashboard.verification.sendOwn')}
              </Button>
            )}
            {state.canSendCode && (
              <Button
                variant={state.pending || state.canSendOwnCode ? 'secondary' : 'primary'}
                disabled={send.isPending}
                onClick={() => send.mutate('company')}
              >
                {send.isPending && send.variables === 'company' && <Spinner />}
                {state.pending ? t('dashboard.verification.resend') : t('dashboard.verification.send')}
              </Button>
            )}
            <p role="status" className="text-sm text-muted-foreground">
              {send.isError
                ? (serverMessage(send.error) ?? t('dashboard.verification.failed'))
                : state.pending
                  ? t('dashboard.verification.sent', {
                      email: state.pending.sentTo,
                      time: formatTime(state.pending.expiresAt),
                    })
                  : ''}
            </p>
          </div>
          {state.pending && (
            <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
              <Field id="company-code" label={t('dashboard.verification.codeLabel')} error={codeError} required className="w-52">
                {(control) => <CodeInput {...control} value={code} onChange={(event) => setCode(event.target.value)} />}
              </Field>
              <Button type="submit" disabled={confirm.isPending} className={codeError ? 'mb-7' : undefined}>
                {confirm.isPending && <Spinner />}
                {t('dashboard.verification.confirm')}
              </Button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
