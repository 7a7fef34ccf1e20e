import { useInfiniteQuery } from '@tanstack/react-query';
import type { TAuditPage } from '@shared/schemas/audit.ts';
import { api } from '@/lib/api-client';

/** The audit log's filters as the page holds them: a calendar day each for from and to (YYYY-MM-DD). */
export interface AuditFilters {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const ZONE = 'Europe/Copenhagen';
const wall = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The first moment of `day` (YYYY-MM-DD, plus `days`) in Copenhagen, as an ISO time. */
function copenhagenMidnight(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date + days);
  // Summer time starts and ends at 01:00 UTC, never near midnight in Copenhagen: the offset a
  // little before midnight is the one at it.
  const parts = wall.formatToParts(midnight - 3 * 60 * 60 * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const offset = shown - (midnight - 3 * 60 * 60 * 1000);
  return new Date(midnight - offset).toISOString();
}

/** The query for the filters: from the start of the from day to the end of the to day, in Copenhagen. */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor?.trim()) query.set('actor', filters.actor.trim());
  if (filters.from) query.set('from', copenhagenMidnight(filters.from));
  if (filters.to) query.set('to', copenhagenMidnight(filters.to, 1));
  return query;
}

/** The CSV of the filtered log: every entry, oldest first, with the chain's hashes. */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = auditQuery(filters);
  query.set('format', 'csv');
  return `/api/audit-log?${query.toString()}`;
}

/** The log newest first, a page at a time, each after the last one's cursor. */
export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['audit-log', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = auditQuery(filters);
      if (pageParam !== undefined) query.set('before', String(pageParam));
      return api.get<TAuditPage>(`/api/audit-log?${query.toString()}`, signal);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });
}
