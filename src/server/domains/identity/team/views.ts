import type { InvitationStatus, TInvitation, TMember } from '../../../../shared/schemas/team.ts';
import type * as repo from './repository.ts';

/** What the team's rows look like to the client. */
export function status(row: repo.InvitationRow, now: string): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  return 'open';
}

export function toInvitation(row: repo.InvitationRow, now: string): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    contactName: row.contact_name,
    language: row.language === 'en' ? 'en' : 'da',
    status: status(row, now),
    invitedBy: row.invited_by_name,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export function toMember(row: Awaited<ReturnType<typeof repo.listMembers>>[number]): TMember {
  return {
    id: row.id,
    contactName: row.contact_name,
    email: row.email,
    role: row.role,
    active: row.deactivated_at === null,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    erasureDueAt: row.erasure_due_at ?? null,
  };
}
