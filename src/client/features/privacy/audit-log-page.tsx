import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import Download from 'lucide-react/icons/download';
import History from 'lucide-react/icons/history';
import type { TAuditEntry } from '@shared/schemas/audit.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { StageItem } from '@/components/ui/stage-item';
import { serverMessage } from '@/lib/form-errors';
import { currentLocale, usePageMeta } from '@/lib/i18n';
import { useMe } from '@/lib/me';
import { useTranslation } from '@/lib/use-translation';
import { auditExportUrl, filtersFromParams, filtersToParams, useAuditLog, type AuditFilters } from './api/audit-log';
import { AuditKeyCard } from './audit-key-card';

/** The actions the log records (docs/features/privacy.md), each with its words in both languages. */
const ACTIONS = [
  'member.role-changed',
  'member.deactivated',
  'member.reactivated',
  'member.erasure-requested',
  'member.erasure-cancelled',
  'member.erased',
  'member.sessions-ended',
  'invitation.sent',
  'invitation.revoked',
  'certificate.revoked',
  'group.members-changed',
  'group.managers-changed',
  'requirement.created',
  'requirement.changed',
  'requirement.deleted',
  'report.exported',
  'data.exported',
  'retention.changed',
  'retention.run',
  'auth.login',
  'auth.login-failed',
  'auth.login-locked',
  'organisation.deletion-requested',
  'organisation.deletion-cancelled',
  'plan.changed',
  'plan.subscription-ended',
  'plan.change-requested',
  'plan.change-withdrawn',
  'plan.cancelled',
  'plan.resumed',
  'question.hidden',
  'question.deleted',
  'billing.paid',
  'billing.changed',
  '2fa.enabled',
  '2fa.disabled',
  '2fa.recovery-codes-replaced',
  '2fa.recovery-code-used',
  '2fa.policy-changed',
  '2fa.passkey-added',
  '2fa.passkey-removed',
  '2fa.reset',
  'scim.token-created',
  'scim.token-revoked',
  'scim.user-created',
  'scim.user-updated',
  'scim.user-deactivated',
  'scim.user-reactivated',
  'scim.group-created',
  'scim.group-renamed',
  'scim.group-members-changed',
  'scim.group-deleted',
  'domain.added',
  'domain.verified',
  'domain.removed',
  'sso.changed',
  'sso.user-created',
  'api-key.created',
  'api-key.revoked',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'xapi.changed',
  'xapi.removed',
] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (code: string): code is Action => (ACTIONS as readonly string[]).includes(code);

const TARGETS = [
  'api-key',
  'certificate',
  'company',
  'course',
  'domain',
  'group',
  'invitation',
  'organisation',
  'requirement',
  'scim-token',
  'user',
  'webhook',
  'xapi',
] as const;
type Target = (typeof TARGETS)[number];
const isTarget = (type: string): type is Target => (TARGETS as readonly string[]).includes(type);

const ROLES = ['admin', 'instructor', 'learner'] as const;
type RoleWord = (typeof ROLES)[number];
const isRole = (value: unknown): value is RoleWord => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

const headerClasses = 'px-4 py-3 font-semibold';
const cellClasses = 'px-4 py-3 align-top';

/** The day of a moment in Copenhagen. */
function copenhagenDate(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(iso));
}

/** A moment as it was in Copenhagen, where the company keeps its time. */
function copenhagenTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Copenhagen' }).format(
    new Date(iso),
  );
}

function useActionWords() {
  const { t } = useTranslation('privacy');
  return (code: string) => (isAction(code) ? t(`actions.${code}`) : code);
}

/** A value of the details in words: a role as a word, a list as how many, anything else as it is. */
function useValueWords() {
  const { t } = useTranslation('privacy');
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('table.none');
    if (isRole(value)) return t(`roles.${value}`);
    if (Array.isArray(value)) return t('people', { count: value.length });
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value as string | number | boolean);
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The details in a line or two: before → after (one line per setting when several changed, as a
 * requirement's deadline and recurrence), then the rest as key: value.
 */
function Details({ details }: { details: Record<string, unknown> }) {
  const words = useValueWords();
  const lines: ReactNode[] = [];
  const { before, after, ...rest } = details;
  if (isRecord(before) && isRecord(after))
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      lines.push(
        <span key={`change-${key}`} className="block font-medium">
          {key}: {words(before[key])} → {words(after[key])}
        </span>,
      );
  else if ('before' in details || 'after' in details)
    lines.push(
      <span key="change" className="block font-medium">
        {words(before)} → {words(after)}
      </span>,
    );
  for (const [key, value] of Object.entries(rest))
    lines.push(
      <span key={key} className="block break-words text-muted-foreground">
        {key}: {words(value)}
      </span>,
    );
  return lines.length > 0 ? <>{lines}</> : <span className="text-muted-foreground">–</span>;
}

function EntryRow({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('privacy');
  const action = useActionWords();
  return (
    <tr className="border-b border-border last:border-0" data-testid="audit-entry">
      <td className={`${cellClasses} whitespace-nowrap`}>
        <time dateTime={entry.at}>{copenhagenTime(entry.at)}</time>
      </td>
      <th scope="row" className={`${cellClasses} text-left font-medium`}>
        <span className="block">{entry.actorName ?? entry.actorEmail ?? t('table.unknown')}</span>
        {entry.actorName && entry.actorEmail && <span className="block text-xs font-normal text-muted-foreground">{entry.actorEmail}</span>}
      </th>
      <td className={cellClasses}>
        <span className="block">{action(entry.action)}</span>
        <code className="block text-xs text-muted-foreground">{entry.action}</code>
      </td>
      <td className={cellClasses}>
        {entry.targetType ? (
          <>
            <span className="block">{isTarget(entry.targetType) ? t(`targets.${entry.targetType}`) : entry.targetType}</span>
            {entry.targetId && <code className="block max-w-48 truncate text-xs text-muted-foreground">{entry.targetId}</code>}
          </>
        ) : (
          '–'
        )}
      </td>
      <td className={`${cellClasses} whitespace-nowrap`}>{entry.ip ?? '–'}</td>
      <td className={`${cellClasses} max-w-80 text-sm`}>
        <Details details={entry.details} />
      </td>
    </tr>
  );
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('privacy');
  const action = useActionWords();
  const [actor, setActor] = useState(filters.actor ?? '');
  // The address changed the filter (back, forward, a link): the field follows it.
  const [shown, setShown] = useState(filters.actor);
  if (shown !== filters.actor) {
    setShown(filters.actor);
    setActor(filters.actor ?? '');
  }
  const set = (change: AuditFilters) => onChange({ ...filters, ...change });
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        set({ actor: actor.trim() || undefined });
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('filters.action')}
        <select className={inputClasses} value={filters.action ?? ''} onChange={(e) => set({ action: e.target.value || undefined })}>
          <option value="">{t('filters.allActions')}</option>
          {ACTIONS.map((code) => (
            <option key={code} value={code}>
              {action(code)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-col gap-1.5 text-sm font-medium">
        <label htmlFor="audit-actor">{t('filters.actor')}</label>
        <input
          id="audit-actor"
          type="search"
          className={inputClasses}
          value={actor}
          aria-describedby="audit-actor-hint"
          onChange={(e) => setActor(e.target.value)}
          onBlur={() => set({ actor: actor.trim() || undefined })}
        />
        <span id="audit-actor-hint" className="text-xs font-normal text-muted-foreground">
          {t('filters.actorHint')}
        </span>
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('filters.from')}
        <input
          type="date"
          className={inputClasses}
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('filters.to')}
        <input type="date" className={inputClasses} value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </label>
    </form>
  );
}

/**
 * /audit-log: the company's audit log for its admins: who did what to its people, requirements and
 * reports, and their logins, newest first; filtered by action, person and days in Copenhagen, more
 * with the cursor, and the CSV (with the chain's hashes) to download.
 */
export function AuditLogPage() {
  const { t } = useTranslation('privacy');
  usePageMeta(t('page.title'));
  const { data: me } = useMe();
  // The filters live in the address: a link or a reload keeps them, back and forward step through them.
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: AuditFilters) => setParams(filtersToParams(next));
  const log = useAuditLog(filters, me?.role === 'admin');
  // Only admins read the log: a learner goes to their learning, an instructor to the overview.
  if (me && me.role !== 'admin') return <Navigate to={me.role === 'learner' ? '/learn' : '/dashboard'} replace />;
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const checkpoint = log.data?.pages[0]?.checkpoint ?? null;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Container className="flex max-w-6xl flex-col gap-8 py-8 sm:py-10">
      <StageItem>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('page.description')}</p>
      </StageItem>
      <Card className="flex flex-col gap-4">
        <Filters filters={filters} onChange={setFilters} />
        <div className="flex flex-wrap items-center gap-3">
          <a className={buttonClasses('secondary', 'sm')} href={auditExportUrl(filters, 'csv')} download>
            <Download aria-hidden="true" className="size-4" />
            {t('export.csv')}
          </a>
          <a className={buttonClasses('secondary', 'sm')} href={auditExportUrl(filters, 'json')} download>
            <Download aria-hidden="true" className="size-4" />
            {t('export.json')}
          </a>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={() => setFilters({})}>
              {t('filters.clear')}
            </Button>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t('export.note')}</p>
        {checkpoint && (
          <p className="text-sm text-muted-foreground" data-testid="audit-checkpoint">
            {t('page.checkpoint', { date: copenhagenDate(checkpoint.entryAt) })}
          </p>
        )}
      </Card>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadFailed message={serverMessage(log.error) ?? t('page.failed')} onRetry={log.refetch} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={History}
          level={2}
          title={filtered ? t('page.noneMatch') : t('page.none')}
          description={filtered ? t('page.noneMatchHint') : t('page.noneHint')}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div
            role="region"
            aria-label={t('table.caption')}
            tabIndex={0}
            className="overflow-x-auto rounded-2xl border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <table className="w-full min-w-max border-collapse text-left text-sm">
              <caption className="sr-only">{t('table.caption')}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className={headerClasses}>
                    {t('table.at')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('table.actor')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('table.action')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('table.target')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('table.ip')}
                  </th>
                  <th scope="col" className={headerClasses}>
                    {t('table.details')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.seq} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('page.shown', { count: entries.length })}
            </p>
            {log.hasNextPage && (
              <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {t('page.more')}
              </Button>
            )}
          </div>
        </div>
      )}
      {me?.role === 'admin' && <AuditKeyCard />}
    </Container>
  );
}
