import { useInfiniteQuery } from '@tanstack/react-query';
import type { TAuditPage } from '@shared/schemas/audit.ts';
import { api } from '@/lib/api-client';
import { startOfCopenhagenDay } from '@/lib/copenhagen-days';

/** The audit log's filters as the page holds them: a calendar day each for from and to (YYYY-MM-DD). */
export interface AuditFilters {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The query for the filters: from the start of the from day to the end of the to day, in Copenhagen. */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor?.trim()) query.set('actor', filters.actor.trim());
  if (filters.from) query.set('from', startOfCopenhagenDay(filters.from));
  if (filters.to) query.set('to', startOfCopenhagenDay(filters.to, 1));
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
