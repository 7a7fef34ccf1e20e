import { useEffect, useRef, useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { APP_ROUTE_PATTERNS } from '@shared/routes.ts';
import type { TNewsletterState } from '@shared/schemas/newsletter.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { failureOf, type Failure } from '@/lib/public-forms/failure';
import { api } from '@/lib/api-client';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * Where the newsletter mails' links lead: /newsletter/confirm/{token} confirms the
 * subscription (double opt-in) when its button is pressed, so a mail scanner that opens links (and
 * runs their script) cannot subscribe anyone; /newsletter/unsubscribe/{token} unsubscribes as the
 * page opens, with that one click. Doing either twice changes nothing.
 */
export function NewsletterLinkPage() {
  const { t } = useTranslation('newsletter');
  const { pathname } = useShell();
  const confirm = APP_ROUTE_PATTERNS.newsletterConfirm.exec(pathname);
  const token = (confirm ?? APP_ROUTE_PATTERNS.newsletterUnsubscribe.exec(pathname))?.[1] ?? '';
  const action = confirm ? 'confirm' : 'unsubscribe';
  const [answer, setAnswer] = useState<{ key: string; state?: TNewsletterState; failure?: Failure }>();
  // -1: a confirmation link waits for its button.
  const [attempt, setAttempt] = useState(confirm ? -1 : 0);
  const heading = useRef<HTMLHeadingElement>(null);
  const key = `${action}|${token}|${attempt}`;
  const mine = answer?.key === key ? answer : undefined;
  const asking = attempt < 0;
  const title = mine?.state
    ? t(mine.state.status === 'confirmed' ? 'link.confirmedTitle' : 'link.unsubscribedTitle')
    : mine?.failure
      ? t('link.failedTitle')
      : asking
        ? t('link.confirmAskTitle')
        : t(confirm ? 'link.confirmTitle' : 'link.unsubscribeTitle');
  usePageMeta(title);

  useEffect(() => {
    if (asking) return;
    let live = true;
    api.post<TNewsletterState>(`/api/newsletter/${action}`, { token }).then(
      (state) => live && setAnswer({ key, state }),
      (error: unknown) => live && setAnswer({ key, failure: failureOf(error, t('failed')) }),
    );
    return () => {
      live = false;
    };
    // t is stable per language; the request is per link and attempt (asking is attempt -1).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The outcome replaces the waiting text: focus follows it, so it is read out.
  useEffect(() => {
    if (mine) heading.current?.focus();
  }, [mine]);

  // A link with a personal token is no page for search engines.
  useEffect(() => {
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  const Icon = mine?.failure ? CircleX : CircleCheck;
  return (
    <Container className="flex max-w-lg flex-col py-14 sm:py-20">
      <Card
        className="flex flex-col gap-4 p-6 sm:p-8"
        data-testid="newsletter-link"
        data-state={mine?.state?.status ?? (mine?.failure ? 'failed' : asking ? 'asking' : 'working')}
      >
        {mine && <Icon aria-hidden="true" className={mine.failure ? 'size-8 text-danger' : 'size-8 text-success'} />}
        <h1 ref={heading} tabIndex={-1} aria-live="polite" className="text-2xl font-bold tracking-tight focus:outline-none">
          {title}
        </h1>
        {asking && (
          <>
            <p className="leading-relaxed">{t('link.confirmAsk')}</p>
            <Button onClick={() => setAttempt(0)} className="self-start">
              {t('link.confirmButton')}
            </Button>
          </>
        )}
        {mine?.state && <p className="leading-relaxed">{t(mine.state.status === 'confirmed' ? 'link.confirmed' : 'link.unsubscribed')}</p>}
        {mine?.failure && <p className="leading-relaxed">{mine.failure.fields.token ?? mine.failure.message}</p>}
        {mine?.failure && mine.failure.status === null && (
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)} className="self-start">
            {t('link.retry')}
          </Button>
        )}
        {mine && (
          <ShellLink to="/resources" className={buttonClasses(mine.failure ? 'primary' : 'secondary', 'md', 'self-start')}>
            {t('link.resources')}
          </ShellLink>
        )}
      </Card>
    </Container>
  );
}
