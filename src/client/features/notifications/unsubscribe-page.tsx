import { useEffect, useRef, useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import type { TUnsubscribeInfo } from '@shared/schemas/notifications.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { api, isApiError } from '@/lib/api-client';
import { ShellLink, useShell } from '@/lib/shell-context';
import { getJson, useFetched } from '@/lib/use-fetched';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** Where the person changes their choices again (it asks them to log in first). */
const SETTINGS_PATH = '/profile?tab=settings';

type Outcome = { done: TUnsubscribeInfo } | { invalid: string } | { failed: true };

/** A refused token is a link that does not work; anything else (the network) may work on a retry. */
function outcomeOf(error: unknown): Outcome {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return { invalid: error.body?.message ?? '' };
  return { failed: true };
}

/**
 * Where a notification mail's unsubscribe link leads: /notifications/unsubscribe?token=…, for
 * anyone holding the link, logged in or not. It says which mails the link turns off and to which
 * address, and turns them off when its button is pressed (a mail scanner that opens links turns
 * nothing off). Doing it twice changes nothing.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { search } = useShell();
  const token = new URLSearchParams(search).get('token') ?? '';
  const info = useFetched<TUnsubscribeInfo>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, getJson);
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // What the link is: an answer, a refusal, or no token at all.
  const shown: Outcome | undefined =
    outcome ??
    (!token
      ? { invalid: '' }
      : info.data?.unsubscribed
        ? { done: info.data }
        : info.error !== undefined && !info.data
          ? outcomeOf(info.error)
          : undefined);
  const asking = !shown && info.data !== undefined;
  const title =
    shown && 'done' in shown
      ? t('unsubscribe.doneTitle')
      : shown && 'invalid' in shown
        ? t('unsubscribe.invalidTitle')
        : shown
          ? t('unsubscribe.failedTitle')
          : t('unsubscribe.title');
  usePageMeta(title);

  // The outcome replaces what was asked: focus follows it, so it is read out.
  const settled = shown !== undefined;
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  // A link with a personal token is no page for search engines.
  useEffect(() => {
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  const unsubscribe = () => {
    setSending(true);
    api.post<TUnsubscribeInfo>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`).then(
      (done) => setOutcome({ done }),
      (error: unknown) => {
        setSending(false);
        setOutcome(outcomeOf(error));
      },
    );
  };

  const kind = (answer: TUnsubscribeInfo) => ({ kind: t(`kinds.${answer.kind}.label`), email: answer.email });
  const failed = shown !== undefined && !('done' in shown);
  const Icon = failed ? CircleX : CircleCheck;
  return (
    <Container className="flex max-w-lg flex-col py-14 sm:py-20">
      <Card
        className="flex flex-col gap-4 p-6 sm:p-8"
        data-testid="unsubscribe"
        data-state={shown ? ('done' in shown ? 'done' : 'invalid' in shown ? 'invalid' : 'failed') : asking ? 'asking' : 'loading'}
      >
        {shown && <Icon aria-hidden="true" className={failed ? 'size-8 text-danger' : 'size-8 text-success'} />}
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
          {title}
        </h1>
        {!shown && !asking && (
          <p role="status" className="text-muted-foreground">
            {t('unsubscribe.loading')}
          </p>
        )}
        {asking && info.data && (
          <>
            <p className="leading-relaxed">{t('unsubscribe.ask', kind(info.data))}</p>
            <Button onClick={unsubscribe} disabled={sending} className="self-start">
              {sending ? t('unsubscribe.working') : t('unsubscribe.button')}
            </Button>
          </>
        )}
        {shown && 'done' in shown && (
          <>
            <p className="leading-relaxed">{t('unsubscribe.done', kind(shown.done))}</p>
            <p className="leading-relaxed">{t('unsubscribe.change')}</p>
          </>
        )}
        {shown && 'invalid' in shown && <p className="leading-relaxed">{shown.invalid || t('unsubscribe.invalid')}</p>}
        {shown && 'failed' in shown && (
          <>
            <p className="leading-relaxed">{t('unsubscribe.failed')}</p>
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => {
                setOutcome(undefined);
                if (info.data) unsubscribe();
                else info.retry();
              }}
            >
              {t('unsubscribe.retry')}
            </Button>
          </>
        )}
        {shown && !('failed' in shown) && (
          <ShellLink to={SETTINGS_PATH} className={buttonClasses('secondary', 'md', 'self-start')}>
            {t('unsubscribe.toSettings')}
          </ShellLink>
        )}
      </Card>
    </Container>
  );
}
