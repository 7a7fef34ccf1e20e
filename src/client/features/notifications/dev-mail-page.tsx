import { useEffect, useRef, useState } from 'react';
import type { TKeptMail, TOutboxMail } from '@shared/schemas/notifications.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { MailKind } from './components/mail-kind';
import { KeptAttachments } from './components/kept-attachments';
import { DEV_MAIL_KEY_STORAGE, devMailGet, htmlForFrame, keyFromHash } from './lib/kept-mail';

type MailList = { mails: TOutboxMail[]; next: string | null };

/** The shape of the link the server prints at start. */
const KEYED_ADDRESS = '…/dev/mail#key=…';

/** The key from the address's fragment (kept for the tab, then taken out of the address bar), or the one kept before. */
function readKey(): string | null {
  const fromHash = keyFromHash(window.location.hash);
  try {
    if (fromHash) {
      sessionStorage.setItem(DEV_MAIL_KEY_STORAGE, fromHash);
      // The key stays out of the address bar, its history and whatever is shared from it.
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
    return fromHash ?? sessionStorage.getItem(DEV_MAIL_KEY_STORAGE);
  } catch {
    // Storage refused (private browsing): the key from the link serves this visit.
    return fromHash;
  }
}

/** Why the list is not there: no key, the wrong key, a server that sends real mail, or a failure. */
function problemOf(error: unknown): 'wrongKey' | 'smtp' | 'loadFailed' {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'wrongKey';
  if (isApiError(error) && error.status === 404) return 'smtp';
  return 'loadFailed';
}

/**
 * /dev/mail: the mails an installation without SMTP keeps instead of sending, for whoever has the
 * key the server printed at start (…/dev/mail#key=…). A list, and the chosen mail as its plain text
 * and its HTML, the HTML in a frame that runs no script and cannot reach this page.
 */
export function DevMailPage() {
  const { t } = useTranslation('notifications');
  usePageMeta(t('devMail.title'));
  const [key, setKey] = useState(readKey);
  const [list, setList] = useState<MailList>();
  const [error, setError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [selected, setSelected] = useState<string>();

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    devMailGet<MailList>('/api/dev/mail', key, controller.signal).then(
      (answer) => {
        setList(answer);
        setError(undefined);
      },
      (failure: unknown) => controller.signal.aborted || setError(failure),
    );
    return () => controller.abort();
  }, [key, attempt]);

  // A link with another key opened in this tab changes only the fragment: the page reads it again.
  useEffect(() => {
    const onHash = () => {
      if (!keyFromHash(window.location.hash)) return;
      setList(undefined);
      setError(undefined);
      setSelected(undefined);
      setKey(readKey());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // A page with a personal key is no page for search engines.
  useEffect(() => {
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  const more = () => {
    if (!key || !list?.next) return;
    setLoadingMore(true);
    devMailGet<MailList>(`/api/dev/mail?before=${encodeURIComponent(list.next)}`, key).then(
      (page) => {
        setList((now) => ({ mails: [...(now?.mails ?? []), ...page.mails], next: page.next }));
        setLoadingMore(false);
      },
      (failure: unknown) => {
        setError(failure);
        setLoadingMore(false);
      },
    );
  };

  const problem = !key ? 'noKey' : error !== undefined ? problemOf(error) : undefined;
  return (
    <Container className="flex max-w-7xl flex-col gap-6 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('devMail.title')}</h1>
        {/* A server that sends real mail keeps none: the next line says so instead. */}
        {problem !== 'smtp' && <p className="mt-2 max-w-3xl text-muted-foreground">{t('devMail.lead')}</p>}
      </header>
      {problem && (
        <p role="alert" className={problem === 'smtp' ? 'max-w-3xl' : 'max-w-3xl text-danger'} data-testid="dev-mail-problem">
          {problem === 'noKey' ? t('devMail.noKey', { address: KEYED_ADDRESS }) : t(`devMail.${problem}`)}{' '}
          {problem === 'loadFailed' && (
            <Button variant="ghost" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          )}
        </p>
      )}
      {key && !list && !problem && (
        <p role="status" className="text-muted-foreground">
          {t('devMail.loading')}
        </p>
      )}
      {key && list && problem !== 'wrongKey' && problem !== 'smtp' && (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <Card className="flex flex-col gap-3 p-0">
            <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
              <h2 className="text-base font-semibold">{t('devMail.list')}</h2>
              <Button variant="ghost" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                {t('devMail.refresh')}
              </Button>
            </div>
            {list.mails.length === 0 ? (
              <p className="px-4 pb-4 text-sm text-muted-foreground">{t('devMail.empty')}</p>
            ) : (
              <ul className="divide-y divide-border" aria-label={t('devMail.list')}>
                {list.mails.map((mail) => (
                  <li key={mail.id}>
                    <MailRow mail={mail} current={mail.id === selected} onSelect={() => setSelected(mail.id)} />
                  </li>
                ))}
              </ul>
            )}
            {list.next && (
              <Button variant="secondary" size="sm" className="mx-4 mb-4 self-start" disabled={loadingMore} onClick={more}>
                {loadingMore ? t('loadingMore') : t('showMore')}
              </Button>
            )}
          </Card>
          {selected ? (
            <MailReader key={selected} id={selected} mailKey={key} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('devMail.select')}</p>
          )}
        </div>
      )}
    </Container>
  );
}

/** One mail in the list: who it went to, its subject, its kind, its state and time; pressing it opens it. */
function MailRow({ mail, current, onSelect }: { mail: TOutboxMail; current: boolean; onSelect: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <button
      type="button"
      aria-current={current || undefined}
      onClick={onSelect}
      className={cn(
        'flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        current && 'bg-accent-soft',
      )}
      data-testid="dev-mail-row"
    >
      <span className="font-medium break-words">{mail.subject}</span>
      <span className="text-sm break-all text-muted-foreground">
        {t('mailLog.to')}: {mail.to}
      </span>
      <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>
          <MailKind kind={mail.kind} />
        </span>
        <span>{t(`statuses.${mail.status}`)}</span>
        <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
      </span>
    </button>
  );
}

/** The chosen mail: its heading facts, its HTML in a sandboxed frame and its plain text. */
function MailReader({ id, mailKey }: { id: string; mailKey: string }) {
  const { t } = useTranslation('notifications');
  const [mail, setMail] = useState<TKeptMail>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    devMailGet<TKeptMail>(`/api/dev/mail/${encodeURIComponent(id)}`, mailKey, controller.signal).then(
      (answer) => {
        setMail(answer);
        setFailed(false);
      },
      () => controller.signal.aborted || setFailed(true),
    );
    return () => controller.abort();
  }, [id, mailKey, attempt]);

  // The mail opens beside (or below) the list: the focus goes to it, so it is read out.
  useEffect(() => {
    if (mail) heading.current?.focus();
  }, [mail]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t('devMail.mailFailed')}{' '}
        <Button variant="ghost" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  if (!mail) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('devMail.loading')}
      </p>
    );
  }
  return (
    <Card className="flex min-w-0 flex-col gap-4" data-testid="dev-mail-reader">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold break-words focus:outline-none">
          {mail.subject}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('mailLog.to')}</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-muted-foreground">{t('mailLog.kind')}</dt>
          <dd>
            <MailKind kind={mail.kind} />
          </dd>
          <dt className="text-muted-foreground">{t('mailLog.status')}</dt>
          <dd>{t(`statuses.${mail.status}`)}</dd>
          <dt className="text-muted-foreground">{t('mailLog.time')}</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
          </dd>
        </dl>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">{t('devMail.html')}</h3>
        {/* No scripts, no access to this page (an opaque origin); a click on a link may take the whole tab there. */}
        <iframe
          title={t('devMail.htmlFrame', { subject: mail.subject })}
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          srcDoc={htmlForFrame(mail.html)}
          className="h-[32rem] w-full rounded-lg border border-border bg-white"
          data-testid="dev-mail-html"
        />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">{t('devMail.text')}</h3>
        <pre
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg bg-muted p-4 text-sm whitespace-pre-wrap break-words"
          data-testid="dev-mail-text"
        >
          {mail.text}
        </pre>
      </div>
      <KeptAttachments mail={mail} mailKey={mailKey} />
    </Card>
  );
}
