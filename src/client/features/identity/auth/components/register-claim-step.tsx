import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import MailCheck from 'lucide-react/icons/mail-check';
import type { TRegisterClaimPending } from '@shared/schemas/verification.ts';
import { isWholeCode } from '@shared/validation/verification-code.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { CodeInput } from '@/components/ui/code-input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { confirmRegistration } from '../api/register';

interface RegisterClaimStepProps {
  claim: TRegisterClaimPending;
  onConfirmed: (user: TUser) => void;
  onBack: () => void;
}

/**
 * The CVR is held by a company that never confirmed control: a code went to the
 * company's e-mail address in the CVR registry; entering it moves the company to this registrant.
 */
export function RegisterClaimStep({ claim, onConfirmed, onBack }: RegisterClaimStepProps) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWholeCode(code)) {
      setError(t('verification.codeFormat', { ns: 'messages' }));
      return;
    }
    setError(undefined);
    setPending(true);
    confirmRegistration({ claimId: claim.claimId, code }).then(
      (user) => {
        setPending(false);
        onConfirmed(user);
      },
      (failure: unknown) => {
        setPending(false);
        setError((isApiError(failure) && failure.body?.message) || t('register.claim.failed'));
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="register-claim-title" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
        <div className="flex flex-col gap-2">
          <h2 id="register-claim-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t('register.claim.title')}
          </h2>
          <p className="text-sm">{t('register.claim.held')}</p>
          <p className="text-sm">
            {t(claim.via === 'own' ? 'register.claim.sentOwn' : 'register.claim.sentCompany', { email: claim.sentTo })}
          </p>
          <p className="text-sm text-muted-foreground">{t('register.claim.effect')}</p>
        </div>
      </div>
      <Field id="register-claim-code" label={t('register.claim.codeLabel')} error={error} required className="max-w-xs">
        {(control) => <CodeInput {...control} value={code} onChange={(event) => setCode(event.target.value)} />}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={pending}>
          {pending && <Spinner />}
          {t('register.claim.submit')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onBack}>
          {t('register.claim.back')}
        </Button>
      </div>
    </form>
  );
}
