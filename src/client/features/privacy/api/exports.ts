import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDataExport, TDataExportList } from '@shared/schemas/exports.ts';
import { api } from '@/lib/api-client';

export type ExportScope = 'person' | 'company';

/** While one is being made, the list is asked again this often, so its status and link appear by themselves. */
const POLL_MS = 2000;

const listPath = (scope: ExportScope) => (scope === 'person' ? '/api/me/exports' : '/api/organisation/exports');
const askPath = (scope: ExportScope) => (scope === 'person' ? '/api/me/export' : '/api/organisation/export');
const exportsKey = (scope: ExportScope) => ['data-exports', scope] as const;

export const isUnderWay = (e: TDataExport) => e.status === 'queued' || e.status === 'running';

/** My copies of my data (person), or the company's (company, for admins), newest first. */
export function useDataExports(scope: ExportScope) {
  return useQuery({
    queryKey: exportsKey(scope),
    queryFn: ({ signal }) => api.get<TDataExportList>(listPath(scope), signal),
    refetchInterval: (query) => (query.state.data?.exports.some(isUnderWay) ? POLL_MS : false),
  });
}

/** Asks for a new copy; the list shows it at once and follows it until it is ready. */
export function useRequestDataExport(scope: ExportScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TDataExport>(askPath(scope)),
    onSuccess: (created) => {
      queryClient.setQueryData<TDataExportList>(exportsKey(scope), (list) => ({ exports: [created, ...(list?.exports ?? [])] }));
      void queryClient.invalidateQueries({ queryKey: exportsKey(scope) });
    },
  });
}
