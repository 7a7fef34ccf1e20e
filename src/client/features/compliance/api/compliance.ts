import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  ComplianceStatus,
  TComplianceAccess,
  TComplianceMatrix,
  TGroup,
  TGroupDetail,
  TGroupRequest,
  TPersonReport,
  TRequirement,
  TRequirementPatch,
  TRequirementRequest,
} from '@shared/schemas/compliance.ts';
import { api, apiRequest } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** Groups, requirements and the compliance matrix (/api/groups, /api/requirements, /api/reports/compliance). */

const root = ['compliance'] as const;
const keys = {
  access: [...root, 'access'] as const,
  groups: [...root, 'groups'] as const,
  group: (id: string) => [...root, 'groups', id] as const,
  requirements: [...root, 'requirements'] as const,
  matrix: (filters: MatrixFilters) => [...root, 'matrix', filters] as const,
  person: (id: string, at: string | undefined) => [...root, 'person', id, at ?? 'now'] as const,
  course: (id: string, filters: MatrixFilters) => [...root, 'course', id, filters] as const,
};

export interface MatrixFilters {
  group?: string | undefined;
  course?: string | undefined;
  status?: ComplianceStatus | undefined;
  /** The statuses as they stood at this moment (ISO); now when left out. */
  at?: string | undefined;
  page?: number | undefined;
}

/** The query string of a report's filters (and a file format), leaving out what is not set. */
export function reportQuery(filters: MatrixFilters, format?: 'csv' | 'xlsx' | 'pdf'): string {
  const params = new URLSearchParams();
  // A file is in the page's language: a download link cannot choose its Accept-Language.
  const lang = format ? currentLanguage() : undefined;
  for (const [key, value] of Object.entries({ ...filters, format, lang }))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether the caller is an admin, and the groups they manage: what the sidebar and the page offer them. */
export function useComplianceAccess(enabled = true) {
  return useQuery({
    queryKey: keys.access,
    queryFn: ({ signal }) => api.get<TComplianceAccess>('/api/compliance/access', signal),
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}

export function useGroups() {
  return useQuery({ queryKey: keys.groups, queryFn: ({ signal }) => api.get<{ groups: TGroup[] }>('/api/groups', signal) });
}

export function useGroup(id: string | null) {
  return useQuery({
    queryKey: keys.group(id ?? ''),
    queryFn: ({ signal }) => api.get<TGroupDetail>(`/api/groups/${encodeURIComponent(id!)}`, signal),
    enabled: id !== null,
  });
}

export function useRequirements() {
  return useQuery({
    queryKey: keys.requirements,
    queryFn: ({ signal }) => api.get<{ requirements: TRequirement[] }>('/api/requirements', signal),
  });
}

export function useRequirableCourses() {
  return useQuery({
    queryKey: [...root, 'courses'],
    queryFn: ({ signal }) => api.get<{ courses: { id: string; title: string }[] }>('/api/requirements/courses', signal),
  });
}

export function useMatrix(filters: MatrixFilters) {
  return useQuery({
    queryKey: keys.matrix(filters),
    queryFn: ({ signal }) => api.get<TComplianceMatrix>(`/api/reports/compliance${reportQuery(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/people/:id: a person's training record, now or at a past moment. */
export function usePersonReport(id: string, at: string | undefined) {
  return useQuery({
    queryKey: keys.person(id, at),
    queryFn: ({ signal }) => api.get<TPersonReport>(`/api/reports/people/${encodeURIComponent(id)}${reportQuery({ at })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/courses/:id: everyone a course is required of, a page of people at a time. */
export function useCourseReport(id: string, filters: Omit<MatrixFilters, 'course'>) {
  return useQuery({
    queryKey: keys.course(id, filters),
    queryFn: ({ signal }) => api.get<TComplianceMatrix>(`/api/reports/courses/${encodeURIComponent(id)}${reportQuery(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Anything changed in compliance: every list and the matrix are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: root });
}

export function useCreateGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TGroupRequest) => api.post<TGroupDetail>('/api/groups', body),
    onSuccess: () => void refresh(),
  });
}

export function useUpdateGroup(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Partial<TGroupRequest>) => api.patch<TGroupDetail>(`/api/groups/${encodeURIComponent(id)}`, body),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>('DELETE', `/api/groups/${encodeURIComponent(id)}`),
    onSuccess: () => void refresh(),
  });
}

export function useSetGroupPeople(id: string, which: 'members' | 'managers') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest<TGroupDetail>('PUT', `/api/groups/${encodeURIComponent(id)}/${which}`, { body: { userIds } }),
    onSuccess: () => void refresh(),
  });
}

export function useCreateRequirement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TRequirementRequest) => api.post<TRequirement>('/api/requirements', body),
    onSuccess: () => void refresh(),
  });
}

/** PATCH /api/requirements/:id: its deadline and recurrence; every person's due date and validity follow. */
export function useUpdateRequirement(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TRequirementPatch) => api.patch<TRequirement>(`/api/requirements/${encodeURIComponent(id)}`, body),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteRequirement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>('DELETE', `/api/requirements/${encodeURIComponent(id)}`),
    onSuccess: () => void refresh(),
  });
}

/** PUT (with a reason) or DELETE …/exemptions/:userId: the person need not take the requirement, or must again. */
export function useExemption() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ requirementId, userId, reason }: { requirementId: string; userId: string; reason: string | null }) =>
      apiRequest<unknown>(
        reason === null ? 'DELETE' : 'PUT',
        `/api/requirements/${encodeURIComponent(requirementId)}/exemptions/${encodeURIComponent(userId)}`,
        reason === null ? {} : { body: { reason } },
      ),
    onSuccess: () => void refresh(),
  });
}
