import type { FastifyBaseLogger } from 'fastify';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { canonicalJson } from './hash.ts';
import { append, type AuditRow } from './repository.ts';

/** Who did it, as the entry records them: a signed-in user, or (a failed login) just the address tried. */
export interface AuditActor {
  id: string | null;
  name: string | null;
  email: string | null;
  /** The client's address as Fastify sees it (request.ip: the proxy's X-Forwarded-For when TRUST_PROXY trusts it). */
  ip: string | null;
}

export interface AuditEntry {
  organisationId: string;
  actor: AuditActor | null;
  /** Dotted, noun first: 'member.role-changed', 'invitation.sent', 'report.exported' … */
  action: string;
  target?: { type: string; id: string } | undefined;
  /** What changed (before/after) or what was asked for; kept as canonical JSON. */
  details?: Record<string, unknown> | undefined;
}

const THROUGH_KEY = Symbol('the API key a user acts through');

/**
 * The user as one of their API keys acts for them: the same rights, and every audit entry of its
 * requests names the key beside them (docs/decisions/061-api-keys.md).
 */
export function actingThrough<U extends object>(user: U, keyLabel: string): U {
  return Object.assign({ ...user }, { [THROUGH_KEY]: keyLabel });
}

/** The label of the API key a user acts through, or undefined when they act themselves. */
export function keyActingFor(user: object): string | undefined {
  return (user as { [THROUGH_KEY]?: string })[THROUGH_KEY];
}

/** A signed-in user (or their API key), as an actor, from the request's address. */
export function actorOf(user: Pick<TUser, 'id' | 'contactName' | 'email'>, ip: string | null | undefined): AuditActor {
  const key = keyActingFor(user);
  return {
    id: user.id,
    name: key === undefined ? user.contactName : `${user.contactName} (API: ${key})`,
    email: user.email,
    ip: ip ?? null,
  };
}

/**
 * Records what happened in the company's audit log. Never fails the request it follows: the change
 * it records is already made, and refusing the answer would not undo it, so an append that fails
 * is logged as an error (for the operator to see) and forgotten.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async record(entry: AuditEntry): Promise<AuditRow | undefined> {
    try {
      return await append(this.db, {
        organisation_id: entry.organisationId,
        at: this.clock().toISOString(),
        actor_id: entry.actor?.id ?? null,
        actor_name: entry.actor?.name ?? null,
        actor_email: entry.actor?.email ?? null,
        ip: entry.actor?.ip ?? null,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id: entry.target?.id ?? null,
        details: canonicalJson(entry.details ?? {}),
      });
    } catch (error) {
      const what = { err: error, action: entry.action, organisationId: entry.organisationId };
      if (this.log) this.log.error(what, 'audit log: an entry could not be recorded');
      else console.error('audit log: an entry could not be recorded', what);
      return undefined;
    }
  }
}
