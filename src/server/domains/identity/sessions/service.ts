import type { FastifyBaseLogger } from 'fastify';
import type { TSessionInfo, TSessionList, TSessionsEnded } from '../../../../shared/schemas/company-domains.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { Auth } from '../../../http/session.ts';
import { countAndDeleteSessions, deleteSessionOf, listSessions } from '../../../http/session-store.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { findPerson } from './repository.ts';

/** A short name for a browser and its system, from a user agent ("Firefox · Windows"); null when neither is known. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || null;
}

/**
 * People's sessions: an admin sees a member's and ends them all (a lost laptop, someone leaving),
 * and anyone sees their own and ends one they no longer use. Ids only, never tokens or their hashes.
 */
export class SessionsService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.audit = new AuditLog(db, log);
  }

  async own(auth: Auth): Promise<TSessionList> {
    return this.listOf(auth.user.id, auth.sessionId);
  }

  /** Ends one of one's own sessions, never the one asking (that is logging out). */
  async endOwn(auth: Auth, sessionId: string): Promise<TSessionsEnded> {
    if (sessionId === auth.sessionId) throw new AppError('CURRENT_SESSION', 400, 'session.current');
    if (!(await deleteSessionOf(this.db, auth.user.id, sessionId))) throw new AppError('NOT_FOUND', 404, 'session.notFound');
    return { ended: 1 };
  }

  async ofMember(auth: Auth, memberId: string): Promise<TSessionList> {
    await this.member(auth.user, memberId);
    return this.listOf(memberId, auth.sessionId);
  }

  /** Ends all of a member's sessions (an admin's own: all but the one asking). */
  async endMember(auth: Auth, memberId: string, ip: string | undefined): Promise<TSessionsEnded> {
    const member = await this.member(auth.user, memberId);
    const ended = await countAndDeleteSessions(this.db, memberId, memberId === auth.user.id ? auth.sessionId : null);
    await this.audit.record({
      organisationId: auth.user.organisationId,
      actor: actorOf(auth.user, ip),
      action: 'member.sessions-ended',
      target: { type: 'user', id: memberId },
      details: { email: member.email, ended },
    });
    return { ended };
  }

  private async member(actor: TUser, memberId: string) {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'session.adminOnly');
    const member = await findPerson(this.db, actor.organisationId, memberId);
    if (!member) throw new AppError('NOT_FOUND', 404, 'team.memberNotFound');
    return member;
  }

  private async listOf(userId: string, currentSessionId: string): Promise<TSessionList> {
    const rows = await listSessions(this.db, userId, new Date());
    return {
      sessions: rows.map((row): TSessionInfo => ({
        id: row.id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        ip: row.ip,
        userAgent: row.user_agent,
        device: deviceOf(row.user_agent),
        current: row.id === currentSessionId,
      })),
    };
  }
}
