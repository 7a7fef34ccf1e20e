import { useRef, useState } from 'react';
import MailCheck from 'lucide-react/icons/mail-check';
import type { TPasswordResetAccepted } from '@shared/schemas/account-recovery.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useFocusWhen, usePublicForm } from '@/lib/public-forms/use-public-form';
import { api } from '@/lib/api-client';
import { ShellLink } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

const linkClass = 'rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/**
 * /forgot-password: asks for a reset link by mail. The answer is the same whether or
 * not the address has an account; without mail the page says so and sends nobody anywhere.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('page-recovery');
  usePageMeta(t('forgot.metaTitle'), t('forgot.lead'));
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const { form, pending, failure, onSubmit } = usePublicForm({
    fallback: t('failed'),
    send: () => api.post<TPasswordResetAccepted>('/api/password-reset', { email }),
    onSent: (answer) => setSent({ email: email.trim(), minutes: answer.minutes }),
  });
  useFocusWhen(result, sent !== null);

  return (
    <Container className="flex max-w-md flex-col py-14 sm:py-20">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t('forgot.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('forgot.lead')}</p>
      </div>
      <Card className="mt-8 p-6 sm:p-8">
        {sent ? (
          <div className="flex flex-col gap-4" data-testid="reset-sent">
            <MailCheck aria-hidden="true" className="size-8 text-success" />
            <h2 ref={result} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {t('forgot.sentTitle')}
            </h2>
            <p className="leading-relaxed">{t('forgot.sent', { email: sent.email, minutes: sent.minutes })}</p>
            <p className="text-sm text-muted-foreground">{t('forgot.sentHint')}</p>
            <Button variant="secondary" onClick={() => setSent(null)} className="self-start">
              {t('forgot.again')}
            </Button>
          </div>
        ) : (
          <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <Field id="forgot-email" label={t('forgot.email')} required error={failure?.fields.email}>
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Field>
            {failure && !failure.fields.email && (
              <p role="alert" className="text-sm text-danger">
                {failure.message}
              </p>
            )}
            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {pending && <Spinner />}
              {pending ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
          </form>
        )}
      </Card>
      <p className="mt-6 text-center text-sm">
        <ShellLink to="/login" className={linkClass}>
          {t('forgot.backToLogin')}
        </ShellLink>
      </p>
    </Container>
  );
}
