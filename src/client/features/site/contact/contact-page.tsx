import { useRef, useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import { CONTACT_TOPICS, isContactTopic, type ContactTopic } from '@shared/contact-topics.ts';
import type { TContactReceived } from '@shared/schemas/contact.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useFocusWhen, usePublicForm } from '@/lib/public-forms/use-public-form';
import { api } from '@/lib/api-client';
import { currentLanguage, usePageMeta } from '@/lib/i18n';
import { ShellLink, useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

const linkClass = 'rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

type Values = { name: string; email: string; company: string; phone: string; message: string };
const EMPTY: Values = { name: '', email: '', company: '', phone: '', message: '' };

/**
 * /contact: a request to Kursa's team, stored and mailed to SALES_EMAIL when mail is
 * on. `?topic=demo` (the landing's demo button, the voice command "schedule demo") or `sales`
 * preselects the topic. Validated by the server, so the page carries no validation code.
 */
export function ContactPage() {
  const { t } = useTranslation('page-contact');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const { search } = useShell();
  const asked = new URLSearchParams(search).get('topic');
  const [topic, setTopic] = useState<ContactTopic>(isContactTopic(asked) ? asked : 'general');
  const [values, setValues] = useState<Values>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [sent, setSent] = useState<{ email: string; mailed: boolean } | null>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const { form, pending, failure, onSubmit } = usePublicForm({
    fallback: t('failed'),
    send: () =>
      api.post<TContactReceived>('/api/contact', { ...values, topic, consent, consentText: t('consent'), language: currentLanguage() }),
    onSent: (answer) => {
      setSent({ email: values.email.trim(), mailed: answer.mailed });
      setValues(EMPTY);
      setConsent(false);
    },
  });
  const errors = failure?.fields ?? {};
  useFocusWhen(result, sent !== null);

  // A later link with another topic (a voice command on this page) chooses it.
  const [seen, setSeen] = useState(asked);
  if (asked !== seen) {
    setSeen(asked);
    if (isContactTopic(asked)) setTopic(asked);
  }

  const text = (name: keyof Values, type: 'text' | 'email' | 'tel', autoComplete: string, required: boolean) => (
    <Field id={`contact-${name}`} label={t(name)} required={required} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <Container className="flex max-w-2xl flex-col py-14 sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{t('lead')}</p>
      <Card className="mt-8 p-6 sm:p-8">
        {sent ? (
          <div className="flex flex-col gap-4" data-testid="contact-sent">
            <CircleCheck aria-hidden="true" className="size-8 text-success" />
            <h2 ref={result} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              {t('sentTitle')}
            </h2>
            <p className="leading-relaxed">{t(sent.mailed ? 'sentMailed' : 'sentStored', { email: sent.email })}</p>
            <Button variant="secondary" onClick={() => setSent(null)} className="self-start">
              {t('another')}
            </Button>
          </div>
        ) : (
          <form ref={form} noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
            {text('name', 'text', 'name', true)}
            {text('email', 'email', 'email', true)}
            {text('company', 'text', 'organization', false)}
            {text('phone', 'tel', 'tel', false)}
            <Field id="contact-topic" label={t('topic')} required error={errors.topic} className="sm:col-span-2">
              {(control) => (
                <select
                  {...control}
                  name="topic"
                  value={topic}
                  onChange={(e) => isContactTopic(e.target.value) && setTopic(e.target.value)}
                  className={inputClasses}
                >
                  {CONTACT_TOPICS.map((value) => (
                    <option key={value} value={value}>
                      {t(`topics.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id="contact-message"
              label={t('message')}
              required
              error={errors.message}
              hint={t('messageHint')}
              className="sm:col-span-2"
            >
              {(control) => (
                <Textarea
                  {...control}
                  name="message"
                  rows={6}
                  value={values.message}
                  onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
                />
              )}
            </Field>
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <div className="flex items-start gap-3">
                <input
                  id="contact-consent"
                  name="consent"
                  type="checkbox"
                  checked={consent}
                  onChange={(e) => setConsent(e.target.checked)}
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={errors.consent ? 'contact-consent-error' : undefined}
                  className="mt-1 size-4 shrink-0 accent-accent"
                />
                <label htmlFor="contact-consent" className="text-sm leading-relaxed">
                  {t('consent')}{' '}
                  <ShellLink to="/privacy" className={linkClass}>
                    {t('privacy')}
                  </ShellLink>
                </label>
              </div>
              {errors.consent && (
                <p id="contact-consent-error" className="text-sm text-danger">
                  {errors.consent}
                </p>
              )}
            </div>
            {failure && Object.keys(errors).length === 0 && (
              <p role="alert" className="text-sm text-danger sm:col-span-2">
                {failure.message}
              </p>
            )}
            <Button type="submit" size="lg" disabled={pending} className="sm:col-span-2 sm:justify-self-start">
              {pending && <Spinner />}
              {pending ? t('submitting') : t('submit')}
            </Button>
          </form>
        )}
      </Card>
    </Container>
  );
}
