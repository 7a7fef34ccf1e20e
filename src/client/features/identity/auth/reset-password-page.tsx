import { useRef, useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import { APP_ROUTE_PATTERNS } from '@shared/routes.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useFocusWhen, usePublicForm } from '@/lib/public-forms/use-public-form';
import { api } from '@/lib/api-client';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * /reset-password/{token}, where the mailed link leads: a new password, twice. A
 * link that is invalid, used or expired is said so, with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('page-recovery');
  const common = useTranslation().t;
  usePageMeta(t('reset.metaTitle'), t('reset.lead'));
  const { pathname, session, sessionEnded } = useShell();
  const token = APP_ROUTE_PATTERNS.resetPassword.exec(pathname)?.[1] ?? '';
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { form, pending, failure, onSubmit } = usePublicForm({
    fallback: t('failed'),
    send: () => api.post('/api/password-reset/confirm', { token, ...values }),
    onSent: () => {
      setDone(true);
      // The reset ended every session of the account, this browser's too if it was logged in.
      if (session.user) sessionEnded();
    },
    // A link that is used up or expired: the heading says so.
    focusOnFailure: (shown) => (shown.fields.token ? heading.current : null),
  });
  const linkProblem = failure?.fields.token;
  useFocusWhen(heading, done);

  const password = (name: 'newPassword' | 'confirmPassword', autoComplete: string) => {
    const label = t(`reset.${name}`);
    return (
      <Field id={`reset-${name}`} label={label} required error={failure?.fields[name]}>
        {(control) => (
          <PasswordInput
            {...control}
            name={name}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            showLabel={common('password.show', { field: label })}
            hideLabel={common('password.hide', { field: label })}
          />
        )}
      </Field>
    );
  };

  return (
    <Container className="flex max-w-md flex-col py-14 sm:py-20">
      {done ? (
        <Card className="flex flex-col gap-4 p-6 sm:p-8" data-testid="reset-done">
          <CircleCheck aria-hidden="true" className="size-8 text-success" />
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            {t('reset.doneTitle')}
          </h1>
          <p className="leading-relaxed">{t('reset.done')}</p>
          <ShellLink to="/login" className={buttonClasses('primary', 'lg', 'self-start')}>
            {t('reset.login')}
          </ShellLink>
        </Card>
      ) : linkProblem ? (
        <Card className="flex flex-col gap-4 p-6 sm:p-8" data-testid="reset-link-problem">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            {t('reset.linkTitle')}
          </h1>
          <p className="leading-relaxed">{linkProblem}</p>
          <ShellLink to="/forgot-password" className={buttonClasses('primary', 'lg', 'self-start')}>
            {t('reset.newLink')}
          </ShellLink>
        </Card>
      ) : (
        <>
          <div className="text-center">
            <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
              {t('reset.title')}
            </h1>
            <p className="mt-3 text-muted-foreground">{t('reset.lead')}</p>
          </div>
          <Card className="mt-8 p-6 sm:p-8">
            <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
              {password('newPassword', 'new-password')}
              {password('confirmPassword', 'new-password')}
              {failure && Object.keys(failure.fields).length === 0 && (
                <p role="alert" className="text-sm text-danger">
                  {failure.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={pending} className="w-full">
                {pending && <Spinner />}
                {pending ? t('reset.submitting') : t('reset.submit')}
              </Button>
            </form>
          </Card>
        </>
      )}
    </Container>
  );
}
