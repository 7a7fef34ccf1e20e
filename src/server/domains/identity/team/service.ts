import type { FastifyBaseLogger } from 'fastify';
import { type Role } from '../../../../shared/constants.ts';
import { PLAN_LIMITS } from '../../../../shared/plans.ts';
import { DEMO_ACCOUNT } from '../../../../shared/demo.ts';
import { assertNotDemoEmail } from '../users/demo-guard.ts';
import { translate } from '../../../../shared/i18n/messages.ts';
import {
  INVITATION_DAYS,
  ZInviteRequest,
  type TAcceptInvitationRequest,
  type TImportResult,
  type TInvitation,
  type TInvitationList,
  type TInvitationPreview,
  type TInvitationSent,
  type TInviteRequest,
  type TMember,
  type TMemberList,
  type TSeats,
} from '../../../../shared/schemas/team.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { deleteOtherSessions } from '../../../http/session-store.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { invitationMail, type MailBrand } from '../../../mail/templates.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { hashToken, newId, newSessionToken } from '../../../security/tokens.ts';
import { insertUser } from '../users/repository.ts';
import { assertOrganisationWritable, assertRoleSeat, countRoleSeats, planState } from '../../commerce/index.ts';
import { actorOf, AuditLog, keyActingFor } from '../../privacy/index.ts';
import { groupNamesOfCell, parseCsv, roleOfCell } from './csv.ts';
import type { MembershipHook } from '../users/membership.ts';
import * as repo from './repository.ts';
import { status, toInvitation, toMember } from './views.ts';

type Lang = 'da' | 'en';
const MAX_IMPORT_ROWS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

const adminOnly = (actor: TUser) => {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'team.adminOnly');
};

/**
 * A company system's API key never makes, changes or removes an admin: that would hand a key of
 * one scope every right (docs/decisions/061-api-keys.md).
 */
const noAdminsByKey = (actor: TUser, ...roles: Role[]) => {
  if (keyActingFor(actor) !== undefined && roles.includes('admin')) throw new AppError('API_KEY_SCOPE', 403, 'apiKeys.noAdmins');
};

/** What another domain does when people join or change (compliance: groups and their requirements). */
export interface TeamHooks {
  /** A person accepted an invitation: they join its groups (an import's group column). */
  onJoined?: (userId: string, groupIds: readonly string[]) => Promise<void>;
  /** A member's role or activity changed. */
  onChanged?: (userId: string) => Promise<void>;
  /** A person joined (accepted an invitation, was reactivated) or left (was deactivated). */
  onMembership?: MembershipHook;
  /** The company's groups of these names (made when missing), for an import's group column; their ids. */
  groupsNamed?: (organisationId: string, names: readonly string[]) => Promise<string[]>;
  /** Existing members join groups (an import naming people already in the company). */
  joinGroups?: (userId: string, groupIds: readonly string[]) => Promise<void>;
}

/**
 * People in a company: admins invite by single-use link (mailed; shown to copy when the mail
 * could not go, or from the public demo, which mails no one), members are listed, re-roled and deactivated, and the plan's seats
 * bound how many learners a company may have.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** The inviting company's brand for its mails (none: Kursa's look). */
    private readonly mailBrand: (organisationId: string, companyName: string) => Promise<MailBrand | undefined> = async () => undefined,
    private readonly hooks: TeamHooks = {},
    private readonly audit = new AuditLog(db, log),
  ) {}

  /** An admin's change to the company's people, in its audit log (never failing the change). */
  private async record(actor: TUser, ip: string | undefined, action: string, target: { type: string; id: string }, details = {}) {
    await this.audit.record({ organisationId: actor.organisationId, actor: actorOf(actor, ip), action, target, details });
  }

  private link(token: string): string {
    return new URL(`/invite/${token}`, this.publicUrl).toString();
  }

  async seats(organisationId: string, now = new Date().toISOString()): Promise<TSeats & { companyName: string }> {
    const org = await repo.findOrganisation(this.db, organisationId);
    const { plan } = planState(org);
    return {
      plan,
      used: await countRoleSeats(this.db, organisationId, 'learner', now),
      limit: PLAN_LIMITS[plan].students,
      companyName: org.name,
    };
  }

  async listInvitations(actor: TUser): Promise<TInvitationList> {
    adminOnly(actor);
    const now = new Date().toISOString();
    const rows = await repo.listInvitations(this.db, actor.organisationId);
    const { companyName: _, ...seats } = await this.seats(actor.organisationId, now);
    return { invitations: rows.map((r) => toInvitation(r, now)), seats };
  }

  /** Sends the invitation mail unless the company is the public demo; answers whether it went. */
  private async deliver(actor: TUser, to: string, role: Role, language: Lang, token: string): Promise<boolean> {
    if (actor.email === DEMO_ACCOUNT.email) return false;
    const message = invitationMail(
      language,
      to,
      {
        companyName: actor.companyName,
        inviterName: actor.contactName,
        role,
        link: this.link(token),
        days: INVITATION_DAYS,
      },
      await this.mailBrand(actor.organisationId, actor.companyName),
    );
    try {
      await this.mailer.send(message, { kind: 'invitation', organisationId: actor.organisationId });
      return true;
    } catch (error) {
      // The invitation stands; the admin gets the link to pass on instead.
      this.log.error({ err: error }, 'an invitation mail could not be sent');
      return false;
    }
  }

  async invite(
    actor: TUser,
    input: TInviteRequest,
    requestLanguage: Lang,
    groupIds?: readonly string[],
    ip?: string,
  ): Promise<TInvitationSent> {
    adminOnly(actor);
    noAdminsByKey(actor, input.role);
    const now = new Date();
    const at = now.toISOString();
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) {
      const key = existing.organisation_id === actor.organisationId ? 'team.alreadyMember' : 'team.emailElsewhere';
      throw new AppError('EMAIL_TAKEN', 409, key, { fields: { email: key } });
    }
    if (await repo.findOpenInvitationByEmail(this.db, actor.organisationId, input.email, at)) {
      throw new AppError('ALREADY_INVITED', 409, 'team.alreadyInvited', { fields: { email: 'team.alreadyInvited' } });
    }
    await assertRoleSeat(this.db, actor.organisationId, input.role, at);
    const token = newSessionToken();
    const id = newId();
    const language = input.language ?? requestLanguage;
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
    await repo.insertInvitation(this.db, {
      id,
      organisationId: actor.organisationId,
      email: input.email,
      role: input.role,
      contactName: input.contactName ?? null,
      language,
      tokenHash: hashToken(token),
      invitedBy: actor.id,
      expiresAt,
      now: at,
      groupIds,
    });
    const mailed = await this.deliver(actor, input.email, input.role, language, token);
    await this.record(actor, ip, 'invitation.sent', { type: 'invitation', id }, { email: input.email, role: input.role, mailed });
    const row = await repo.findInvitation(this.db, actor.organisationId, id);
    return { invitation: toInvitation(row!, at), mailed, link: mailed ? null : this.link(token) };
  }

  /** A new link and seven more days for an open or expired invitation; the old link stops working. */
  async resend(actor: TUser, id: string): Promise<TInvitationSent> {
    adminOnly(actor);
    const now = new Date();
    const at = now.toISOString();
    const row = await repo.findInvitation(this.db, actor.organisationId, id);
    if (!row) throw new AppError('NOT_FOUND', 404, 'team.invitationNotFound');
    if (row.accepted_at || row.revoked_at) throw new AppError('INVITATION_CLOSED', 409, 'team.invitationClosed');
    // An expired invitation held no place; sending it again takes one.
    if (row.expires_at <= at) await assertRoleSeat(this.db, actor.organisationId, row.role, at);
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
    if (!(await repo.renewInvitation(this.db, id, hashToken(token), expiresAt)))
      throw new AppError('INVITATION_CLOSED', 409, 'team.invitationClosed');
    const mailed = await this.deliver(actor, row.email, row.role, row.language === 'en' ? 'en' : 'da', token);
    const fresh = await repo.findInvitation(this.db, actor.organisationId, id);
    return { invitation: toInvitation(fresh!, at), mailed, link: mailed ? null : this.link(token) };
  }

  async revoke(actor: TUser, id: string, ip?: string): Promise<TInvitation> {
    adminOnly(actor);
    const at = new Date().toISOString();
    const row = await repo.findInvitation(this.db, actor.organisationId, id);
    if (!row) throw new AppError('NOT_FOUND', 404, 'team.invitationNotFound');
    if (!(await repo.revokeInvitation(this.db, id, at))) throw new AppError('INVITATION_CLOSED', 409, 'team.invitationClosed');
    await this.record(actor, ip, 'invitation.revoked', { type: 'invitation', id }, { email: row.email, role: row.role });
    return toInvitation((await repo.findInvitation(this.db, actor.organisationId, id))!, at);
  }

  /**
   * Invitations from a CSV (email, name, role, and groups: names separated by commas), each row
   * reported: invited, skipped or failed, and why. The groups are made when the company has none of
   * that name; a row of someone already a member puts them in its groups.
   */
  async importCsv(actor: TUser, csv: string, language: Lang | undefined, requestLanguage: Lang, ip?: string): Promise<TImportResult> {
    adminOnly(actor);
    const rows = parseCsv(csv);
    const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
    const column = (...names: string[]) => header.findIndex((h) => names.includes(h));
    const emailAt = column('email', 'e-mail', 'mail');
    const nameAt = column('name', 'navn', 'contactname', 'fulde navn', 'full name');
    const roleAt = column('role', 'rolle');
    const groupAt = column('group', 'groups', 'gruppe', 'grupper');
    if (emailAt === -1) throw new AppError('VALIDATION', 400, 'team.csvHeader', { fields: { csv: 'team.csvHeader' } });
    if (rows.length - 1 > MAX_IMPORT_ROWS) {
      throw new AppError('VALIDATION', 400, 'team.csvTooManyRows', {
        fields: { csv: { key: 'team.csvTooManyRows', params: { max: MAX_IMPORT_ROWS } } },
        params: { max: MAX_IMPORT_ROWS },
      });
    }
    const result: TImportResult = {
      rows: [],
      invited: 0,
      skipped: 0,
      failed: 0,
      mailed: actor.email !== DEMO_ACCOUNT.email,
    };
    const seen = new Set<string>();
    for (const [index, cells] of rows.slice(1).entries()) {
      const line = index + 2;
      const rawEmail = (cells[emailAt] ?? '').trim();
      const report = (state: 'invited' | 'skipped' | 'failed', message: string | null, link: string | null = null) => {
        result.rows.push({ line, email: rawEmail, status: state, message, link });
        result[state] += 1;
      };
      const role = roleOfCell(roleAt === -1 ? '' : (cells[roleAt] ?? ''));
      const name = nameAt === -1 ? '' : (cells[nameAt] ?? '').trim();
      const parsed = ZInviteRequest.safeParse({
        email: rawEmail,
        role: role ?? 'unknown',
        ...(name && { contactName: name }),
        ...(language && { language }),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const key = issue.message as Parameters<typeof translate>[0];
        report('failed', translate(key, requestLanguage));
        continue;
      }
      if (seen.has(parsed.data.email)) {
        report('skipped', translate('team.csvDuplicate', requestLanguage));
        continue;
      }
      seen.add(parsed.data.email);
      const groupNames = groupNamesOfCell(groupAt === -1 ? '' : (cells[groupAt] ?? ''));
      const groupIds =
        groupNames.length > 0 && this.hooks.groupsNamed ? await this.hooks.groupsNamed(actor.organisationId, groupNames) : [];
      try {
        const sent = await this.invite(actor, parsed.data, requestLanguage, groupIds, ip);
        report('invited', null, sent.link);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const skipped = error.code === 'EMAIL_TAKEN' || error.code === 'ALREADY_INVITED';
        const member = error.code === 'EMAIL_TAKEN' ? await repo.findUserByEmail(this.db, parsed.data.email) : undefined;
        if (member && member.organisation_id === actor.organisationId && groupIds.length > 0) {
          await this.hooks.joinGroups?.(member.id, groupIds);
          report('skipped', translate('team.csvJoinedGroups', requestLanguage, { groups: groupNames.join(', ') }));
          continue;
        }
        report(skipped ? 'skipped' : 'failed', translate(error.messageKey, requestLanguage, error.params));
      }
    }
    return result;
  }

  /** What the accept page shows; any state, so the page can say why a link no longer works. */
  async preview(token: string): Promise<TInvitationPreview> {
    const row = await repo.findInvitationByTokenHash(this.db, hashToken(token));
    if (!row) throw new AppError('NOT_FOUND', 404, 'team.invitationNotFound');
    const now = new Date().toISOString();
    const invitation = toInvitation(row, now);
    return {
      status: invitation.status,
      companyName: row.company_name,
      email: row.email,
      role: invitation.role,
      contactName: row.contact_name,
      language: invitation.language,
      invitedBy: row.invited_by_name,
      expiresAt: row.expires_at,
    };
  }

  /** Makes the invitee's account (the invitation's email, role and company) and answers its id; single use. */
  async accept(token: string, input: TAcceptInvitationRequest): Promise<string> {
    const row = await repo.findInvitationByTokenHash(this.db, hashToken(token));
    if (!row) throw new AppError('NOT_FOUND', 404, 'team.invitationNotFound');
    const now = new Date().toISOString();
    const state = status(row, now);
    if (state === 'accepted') throw new AppError('INVITATION_USED', 410, 'team.invitationUsed');
    if (state === 'revoked') throw new AppError('INVITATION_REVOKED', 410, 'team.invitationRevoked');
    if (state === 'expired') throw new AppError('INVITATION_EXPIRED', 410, 'team.invitationExpired');
    // A new member changes the company: not while its data is read-only.
    await assertOrganisationWritable(this.db, row.organisation_id);
    if (await repo.findUserByEmail(this.db, row.email)) throw new AppError('EMAIL_TAKEN', 409, 'team.emailElsewhere');
    const passwordHash = await hashPassword(input.password);
    const userId = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id: userId,
          organisationId: row.organisation_id,
          email: row.email,
          passwordHash,
          contactName: input.contactName,
          phone: input.phone ?? '',
          role: row.role,
          language: row.language === 'en' ? 'en' : 'da',
        });
        // Two tabs accepting at once: only one claims the invitation; the other's user is rolled back.
        if (!(await repo.markAccepted(trx, row.id, userId, now))) throw new AppError('INVITATION_USED', 410, 'team.invitationUsed');
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 409, 'team.emailElsewhere');
      throw error;
    }
    await this.hooks.onJoined?.(userId, row.group_ids ? (JSON.parse(row.group_ids) as string[]) : []);
    await this.hooks.onMembership?.(userId, 'joined');
    return userId;
  }

  async listMembers(actor: TUser): Promise<TMemberList> {
    // Instructors read the list to assign courses; only admins change it.
    if (actor.role === 'learner') throw new AppError('FORBIDDEN', 403, 'team.adminOnly');
    const rows = await repo.listMembers(this.db, actor.organisationId);
    const { companyName: _, ...seats } = await this.seats(actor.organisationId);
    return { members: rows.map(toMember), seats };
  }

  async updateMember(
    actor: TUser,
    id: string,
    change: { role?: Role | undefined; active?: boolean | undefined },
    ip?: string,
  ): Promise<TMember> {
    adminOnly(actor);
    const member = await repo.findMember(this.db, actor.organisationId, id);
    if (!member) throw new AppError('NOT_FOUND', 404, 'team.memberNotFound');
    if (member.id === actor.id) throw new AppError('FORBIDDEN', 403, 'team.notYourself');
    assertNotDemoEmail(member.email);
    const at = new Date().toISOString();
    const nextRole = change.role ?? member.role;
    noAdminsByKey(actor, member.role, nextRole);
    const nextActive = change.active ?? member.deactivated_at === null;
    const wasActiveAdmin = member.role === 'admin' && member.deactivated_at === null;
    if (wasActiveAdmin && (nextRole !== 'admin' || !nextActive) && (await repo.countActiveAdmins(this.db, actor.organisationId)) <= 1) {
      throw new AppError('LAST_ADMIN', 409, 'team.lastAdmin');
    }
    // A member who newly takes a learner's or an admin's place needs room for it in the plan.
    const takesPlace = nextActive && !(member.role === nextRole && member.deactivated_at === null);
    if (takesPlace) await assertRoleSeat(this.db, actor.organisationId, nextRole, at);
    await repo.updateMember(this.db, id, {
      role: nextRole,
      deactivated_at: nextActive ? null : (member.deactivated_at ?? at),
      updated_at: at,
    });
    // Deactivated: every session ends now (a role change takes effect on the next request by itself).
    if (!nextActive) await deleteOtherSessions(this.db, id, null);
    if (nextRole !== member.role || nextActive !== (member.deactivated_at === null)) await this.hooks.onChanged?.(id);
    if (nextActive !== (member.deactivated_at === null)) await this.hooks.onMembership?.(id, nextActive ? 'joined' : 'left');
    const target = { type: 'user', id };
    if (nextRole !== member.role)
      await this.record(actor, ip, 'member.role-changed', target, { email: member.email, before: member.role, after: nextRole });
    if (nextActive !== (member.deactivated_at === null))
      await this.record(actor, ip, nextActive ? 'member.reactivated' : 'member.deactivated', target, { email: member.email });
    return toMember((await repo.findMember(this.db, actor.organisationId, id))!);
  }
}
