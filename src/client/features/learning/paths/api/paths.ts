import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMyPath, TPathCreate, TPathDetail, TPathSummary, TPathUpdate } from '@shared/schemas/paths.ts';
import { api, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Learning paths: the company's (/api/paths) and mine (/api/learning/paths). */

const root = queryKeys.paths;
const keys = {
  list: [...root, 'list'] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  courses: [...root, 'courses'] as const,
  mine: [...root, 'mine'] as const,
};
const pathUrl = (id: string) => `/api/paths/${encodeURIComponent(id)}`;

export function usePaths(enabled = true) {
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => api.get<{ paths: TPathSummary[] }>('/api/paths', signal), enabled });
}

export function usePath(id: string | null) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<TPathDetail>(pathUrl(id!), signal),
    enabled: id !== null,
  });
}

/** The company's published courses, which a path may hold. */
export function usePathCourses() {
  return useQuery({
    queryKey: keys.courses,
    queryFn: ({ signal }) => api.get<{ courses: { id: string; title: string }[] }>('/api/paths/courses', signal),
  });
}

/** My paths, each course in order with my progress; shown on /learn. */
export function useMyPaths() {
  return useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => api.get<{ paths: TMyPath[] }>('/api/learning/paths', signal) });
}

/** A path changed: the list and every detail are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: root });
}

export function useSavePath(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TPathCreate & TPathUpdate) =>
      id === null ? api.post<TPathDetail>('/api/paths', body) : api.patch<TPathDetail>(pathUrl(id), body),
    onSuccess: () => void refresh(),
  });
}

export function useDeletePath() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>('DELETE', pathUrl(id)),
    onSuccess: () => void refresh(),
  });
}

export function useAssignPath(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { userIds: string[]; dueAt?: string }) =>
      api.post<{ assigned: number; updated: number }>(`${pathUrl(id)}/assignments`, body),
    onSuccess: () => void refresh(),
  });
}

export function useUnassignPath(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<undefined>('DELETE', `${pathUrl(id)}/assignments/${encodeURIComponent(userId)}`),
    onSuccess: () => void refresh(),
  });
}
