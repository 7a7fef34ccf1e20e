import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import type { TSessionInfo } from '@shared/schemas/company-domains.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useEndOwnSession, useOwnSessions } from '../api/sessions';

/** Where one is logged in, under the profile's Sikkerhed tab: each browser, and logging one of the others out. */
export function OwnSessionsSection() {
  const { t } = useTranslation('account');
  const sessions = useOwnSessions();
  const end = useEndOwnSession();
  return (
    <Card role="region" aria-labelledby="own-sessions-title" className="flex flex-col gap-4 p-6 sm:p-8" data-testid="own-sessions">
      <div className="flex items-start gap-3">
        <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div>
          <h2 id="own-sessions-title" className="text-lg font-semibold">
            {t('sessions.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('sessions.description')}</p>
        </div>
      </div>
      {sessions.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('sessions.loading')}
        </p>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('sessions.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void sessions.refetch()}>
            {t('sessions.retry')}
          </Button>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {sessions.data.sessions.map((session) => (
            <SessionItem key={session.id} session={session} busy={end.isPending} onEnd={() => end.mutate(session.id)} />
          ))}
        </ul>
      )}
      {end.isError && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(end.error) ?? t('sessions.failed')}
        </p>
      )}
    </Card>
  );
}

function SessionItem({ session, busy, onEnd }: { session: TSessionInfo; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation('account');
  const device = session.device ?? t('sessions.unknownDevice');
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="own-session">
      <span className="min-w-0 flex-1">
        <span className="font-medium">{device}</span>
        {session.current && (
          <span className="ml-2 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-medium text-success">{t('sessions.current')}</span>
        )}
        <span className="block text-muted-foreground">
          {t('sessions.seen', { date: formatDateTime(session.lastSeenAt), created: formatDateTime(session.createdAt) })}
          {session.ip && ` · ${session.ip}`}
        </span>
      </span>
      {!session.current && (
        <Button variant="ghost" size="sm" disabled={busy} aria-label={t('sessions.endNamed', { device })} onClick={onEnd}>
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
