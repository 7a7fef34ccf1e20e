import Mail from 'lucide-react/icons/mail';
import type { TOutboxMail } from '@shared/schemas/notifications.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useCompanyMail } from '../api';
import { MailKind } from './mail-kind';

const statusClasses: Record<TOutboxMail['status'], string> = {
  queued: 'text-muted-foreground',
  sending: 'text-muted-foreground',
  sent: 'text-success',
  failed: 'text-danger',
  kept: 'text-muted-foreground',
};

/**
 * Sendte e-mails, for the company's admins: what Kursa has mailed its people, newest first, and how
 * each sending went (its state, how many attempts, and for one that failed the last error), so a
 * reminder that never arrived can be looked into.
 */
export function MailLog() {
  const { t } = useTranslation('notifications');
  const { list: mail, more } = useCompanyMail();
  const mails = mail.data?.mails ?? [];
  const next = mail.data?.next ?? null;
  return (
    <Card role="region" aria-labelledby="company-mail-title" className="flex flex-col gap-5" data-testid="mail-log">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Mail aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="company-mail-title" className="text-base font-semibold">
            {t('mailLog.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('mailLog.description')}</p>
        </div>
      </div>
      {mail.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('devMail.loading')}
        </p>
      ) : mail.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('mailLog.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void mail.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : mails.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('mailLog.empty')}</p>
      ) : (
        <>
          {mails.some((entry) => entry.status === 'kept') && <p className="text-sm text-muted-foreground">{t('mailLog.kept')}</p>}
          <ul className="divide-y divide-border rounded-xl border border-border" aria-labelledby="company-mail-title">
            {mails.map((entry) => (
              <MailEntry key={entry.id} mail={entry} />
            ))}
          </ul>
          {more.isError && (
            <p role="alert" className="text-sm text-danger">
              {t('mailLog.loadFailed')}
            </p>
          )}
          {next && (
            <Button variant="secondary" size="sm" className="self-start" disabled={more.isPending} onClick={() => more.mutate(next)}>
              {more.isPending ? t('loadingMore') : t('showMore')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function MailEntry({ mail }: { mail: TOutboxMail }) {
  const { t } = useTranslation('notifications');
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6" data-testid="mail-log-entry">
      <div className="min-w-0">
        <p className="font-medium break-words">{mail.subject}</p>
        <p className="text-sm break-all text-muted-foreground">
          {t('mailLog.to')}: {mail.to}
        </p>
        <p className="text-xs text-muted-foreground">
          <MailKind kind={mail.kind} /> · <time dateTime={mail.createdAt}>{formatDateTime(mail.sentAt ?? mail.createdAt)}</time>
        </p>
        {mail.status === 'failed' && mail.lastError && (
          <p className="mt-1 text-sm break-words text-danger">{t('mailLog.lastError', { error: mail.lastError })}</p>
        )}
      </div>
      <p className="shrink-0 text-sm sm:text-right">
        <span className={cn('font-semibold', statusClasses[mail.status])}>{t(`statuses.${mail.status}`)}</span>
        {/* A kept mail, or one not tried yet, has no attempts to count. */}
        {mail.attempts > 0 && (
          <span className="block text-xs text-muted-foreground">{t('mailLog.attempts', { count: mail.attempts })}</span>
        )}
      </p>
    </li>
  );
}
