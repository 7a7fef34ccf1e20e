import { useId, useState, type FormEvent } from 'react';
import MailCheck from 'lucide-react/icons/mail-check';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { failureOf, type Failure } from '@/lib/public-forms/failure';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * The newsletter box: signs up for real with double opt-in. The consent line it
 * shows is sent along and stored with the time; a mail then asks to confirm. Without mail on
 * the installation it says the newsletter is not available. Its strings are the `newsletter`
 * namespace: a page that shows it lists 'newsletter' among its namespaces (or wraps it in
 * Suspense, as the namespace loads on first render).
 */
export function NewsletterBox({ className }: { className?: string }) {
  const { t } = useTranslation('newsletter');
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState(false);
  const fieldError = failure?.fields.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      await api.post('/api/newsletter/subscribe', { email, language: currentLanguage(), consentText: t('consent') });
      setSent(true);
      setEmail('');
    } catch (error) {
      setFailure(failureOf(error, t('failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="newsletter-box"
      className={cn('rounded-2xl border border-border bg-card p-6 sm:p-8', className)}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('lead')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('email')}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('placeholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${fieldError || failure ? `${id}-error ` : ''}${id}-consent`}
            required
          />
          <Button type="submit" disabled={pending} className="h-11 shrink-0">
            {pending && <Spinner />}
            {pending ? t('subscribing') : t('subscribe')}
          </Button>
        </div>
        <p id={`${id}-consent`} className="text-xs leading-relaxed text-muted-foreground">
          {t('consent')}
        </p>
        {failure && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {fieldError ?? failure.message}
          </p>
        )}
        {sent && !failure && (
          <p role="status" className="flex items-start gap-2 text-sm">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {t('sent')}
          </p>
        )}
      </form>
    </section>
  );
}
