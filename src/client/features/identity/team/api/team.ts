import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAcceptInvitationRequest,
  TImportResult,
  TInvitation,
  TInvitationList,
  TInvitationPreview,
  TInvitationSent,
  TInviteRequest,
  TMember,
  TMemberList,
} from '@shared/schemas/team.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { api, apiRequest } from '@/lib/api-client';

/** Invitations and members (GET/POST /api/invitations, /api/members…). */

const invitationsKey = ['team', 'invitations'] as const;
const membersKey = ['team', 'members'] as const;

export function useInvitations(enabled = true) {
  return useQuery({ queryKey: invitationsKey, queryFn: ({ signal }) => api.get<TInvitationList>('/api/invitations', signal), enabled });
}

export function useMembers(enabled = true) {
  return useQuery({ queryKey: membersKey, queryFn: ({ signal }) => api.get<TMemberList>('/api/members', signal), enabled });
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: invitationsKey }), queryClient.invalidateQueries({ queryKey: membersKey })]);
}

export function useInvite() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (body: TInviteRequest) => api.post<TInvitationSent>('/api/invitations', body),
    onSuccess: () => void refresh(),
  });
}

export function useImportInvitations() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (csv: string) => api.post<TImportResult>('/api/invitations/import', { csv }),
    onSuccess: () => void refresh(),
  });
}

export function useResendInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => api.post<TInvitationSent>(`/api/invitations/${encodeURIComponent(id)}/resend`, {}),
    onSuccess: () => void refresh(),
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => apiRequest<TInvitation>('DELETE', `/api/invitations/${encodeURIComponent(id)}`),
    onSuccess: () => void refresh(),
  });
}

export function useUpdateMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; role?: TMember['role']; active?: boolean }) =>
      apiRequest<TMember>('PATCH', `/api/members/${encodeURIComponent(id)}`, { body }),
    onSuccess: () => void refresh(),
  });
}

/** Asks for a member's erasure (carried out after the company's grace period; they are deactivated now), or cancels it. */
export function useMemberErasure() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, erase }: { id: string; erase: boolean }) =>
      apiRequest<unknown>(erase ? 'POST' : 'DELETE', `/api/members/${encodeURIComponent(id)}/erase`),
    onSuccess: () => void refresh(),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.get<TInvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, signal),
    retry: false,
  });
}

export function acceptInvitation(token: string, body: TAcceptInvitationRequest): Promise<TUser> {
  return api.post<TUser>(`/api/invitations/${encodeURIComponent(token)}/accept`, body);
}
