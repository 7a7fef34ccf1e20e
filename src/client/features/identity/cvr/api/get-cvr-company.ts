import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCvrCompany } from '@shared/schemas/cvr.ts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** 200 company; 404 unknown number; 502/503 with a message when the registry fails or is out of quota. */
export function fetchCvrCompany(cvr: string, signal?: AbortSignal): Promise<TCvrCompany> {
  return api.get<TCvrCompany>(`/api/cvr/${encodeURIComponent(cvr)}`, signal);
}

export function cvrCompanyQueryOptions(cvr: string) {
  return queryOptions({
    queryKey: queryKeys.cvr(cvr),
    // The signal cancels a look-up that is no longer wanted (the number changed meanwhile).
    queryFn: ({ signal }) => fetchCvrCompany(cvr, signal),
  });
}

/** Looks the number up when given one; `null` keeps the query idle. */
export function useCvrCompany(cvr: string | null) {
  return useQuery({ ...cvrCompanyQueryOptions(cvr ?? ''), enabled: cvr !== null });
}
