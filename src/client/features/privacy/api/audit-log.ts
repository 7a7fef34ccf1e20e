import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TAuditPage, TAuditPublicKey } from '@shared/schemas/audit.ts';
import { api } from '@/lib/api-client';
import { isDay, startOfCopenhagenDay } from '@/lib/copenhagen-days';

/** The audit log's filters as the page holds them: a calendar day each for from and to (YYYY-MM-DD). */
export interface AuditFilters {
  action?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const FILTER_KEYS = ['action', 'actor', 'from', 'to'] as const;

/**
 * The filters as the page's address holds them (?action=…&actor=…&from=YYYY-MM-DD&to=…), so a link
 * and a reload keep them and back and forward step through them. A day that is no calendar day is
 * left out rather than sent on.
 */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value || ((key === 'from' || key === 'to') && !isDay(value))) continue;
    filters[key] = value;
  }
  return filters;
}

/** The filters as search params: only those set, in a fixed order. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
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

/** The filtered log as a file (CSV or JSON): every entry, oldest first, with the chain's hashes and the signed heads. */
export function auditExportUrl(filters: AuditFilters, format: 'csv' | 'json'): string {
  const query = auditQuery(filters);
  query.set('format', format);
  return `/api/audit-log?${query.toString()}`;
}

/** The installation's public key with its id and SHA-256 fingerprint; the PEM itself at AUDIT_KEY_URL. */
export const AUDIT_KEY_URL = '/api/audit-log/public-key';
export function useAuditPublicKey(enabled: boolean) {
  return useQuery({
    queryKey: ['audit-log', 'public-key'],
    queryFn: ({ signal }) => api.get<TAuditPublicKey>(`${AUDIT_KEY_URL}?format=json`, signal),
    enabled,
    staleTime: Infinity,
  });
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
