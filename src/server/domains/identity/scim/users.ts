import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { deleteOtherSessions } from '../../../http/session-store.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { newId, newSessionToken } from '../../../security/tokens.ts';
import { assertOrganisationWritable, assertRoleSeat } from '../../commerce/index.ts';
import type { AuditLog } from '../../privacy/index.ts';
import { insertUser } from '../users/repository.ts';
import { nameParts, ScimError, toScimUser } from './resources.ts';
import type { UserChange } from './patch.ts';
import { countActiveAdmins } from '../team/repository.ts';
import type { MembershipHook } from '../users/membership.ts';
import * as repo from './repository.ts';

/** The token a request came with: its company, and who it is in the audit log. */
export interface ScimCaller {
  organisationId: string;
  tokenId: string;
  label: string;
  ip: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notFound = () => new ScimError(404, 'Resource not found', 'noTarget');

export function actorOfToken(caller: ScimCaller) {
  return { id: null, name: `SCIM: ${caller.label}`, email: null, ip: caller.ip };
}

/** The person's address from a request: userName is the login e-mail (the work address when it is not one). */
function addressOf(change: UserChange): string | undefined {
  const candidate =
    change.userName !== undefined && EMAIL.test(change.userName.trim()) ? change.userName : (change.email ?? change.userName);
  if (candidate === undefined) return undefined;
  const email = candidate.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new ScimError(400, 'userName must be an e-mail address', 'invalidValue');
  return email;
}

/** The one name Kursa keeps: the display name when given, else given and family name together. */
function nameOf(change: UserChange, current: string): string | undefined {
  if (change.displayName !== undefined && change.displayName.trim() !== '') return change.displayName.trim().slice(0, 200);
  if (change.givenName === undefined && change.familyName === undefined) return undefined;
  const parts = nameParts(current);
  const name = `${change.givenName ?? parts.givenName} ${change.familyName ?? parts.familyName}`.trim();
  return name === '' ? undefined : name.slice(0, 200);
}

/**
 * People as the identity provider creates, changes, deactivates and removes them
 * (docs/decisions/055-scim-provisioning.md). A removal deactivates: the person's records stay.
 */
export class ScimUsers {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly onChanged: (userId: string) => Promise<void>,
    private readonly onMembership?: MembershipHook,
  ) {}

  private async record(caller: ScimCaller, action: string, userId: string, details: Record<string, unknown>) {
    await this.audit.record({
      organisationId: caller.organisationId,
      actor: actorOfToken(caller),
      action,
      target: { type: 'user', id: userId },
      details: { ...details, tokenId: caller.tokenId },
    });
  }

  async list(caller: ScimCaller, base: string, filter: { email?: string; externalId?: string }, startIndex: number, count: number) {
    const found = await repo.listPeople(this.db, caller.organisationId, filter, { offset: startIndex - 1, limit: count });
    return { resources: found.rows.map((row) => toScimUser(row, base)), total: found.total };
  }

  async get(caller: ScimCaller, id: string, base: string) {
    const row = await repo.findPerson(this.db, caller.organisationId, id);
    if (!row) throw notFound();
    return toScimUser(row, base);
  }

  /** The address is free, or this person's already; else 409 (the same answer whichever company has it). */
  private async assertFree(email: string, userId: string | null): Promise<void> {
    const holder = await repo.findByEmail(this.db, email);
    if (holder && holder.id !== userId) throw new ScimError(409, 'userName is already in use', 'uniqueness');
  }

  async create(caller: ScimCaller, change: UserChange, base: string) {
    const email = addressOf(change);
    if (email === undefined) throw new ScimError(400, 'userName is required', 'invalidValue');
    await this.assertFree(email, null);
    const now = new Date().toISOString();
    await assertOrganisationWritable(this.db, caller.organisationId);
    const active = change.active ?? true;
    if (active) await assertRoleSeat(this.db, caller.organisationId, 'learner', now);
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id,
          organisationId: caller.organisationId,
          email,
          // No password anyone knows: the person sets one through "forgot password".
          passwordHash: await hashPassword(newSessionToken()),
          contactName: nameOf(change, '') ?? email.split('@')[0]!,
          phone: '',
          role: 'learner',
        });
        if (!active) await trx.updateTable('users').set({ deactivated_at: now }).where('id', '=', id).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ScimError(409, 'userName is already in use', 'uniqueness');
      throw error;
    }
    await repo.linkPerson(this.db, caller.organisationId, id, change.externalId, now);
    await this.onChanged(id);
    if (active) await this.onMembership?.(id, 'joined');
    await this.record(caller, 'scim.user-created', id, { email, active });
    return this.get(caller, id, base);
  }

  /** A PUT (the whole resource) or PATCH (the operations' changes) of a person of the caller's company. */
  async update(caller: ScimCaller, id: string, change: UserChange, base: string) {
    const person = await repo.findPerson(this.db, caller.organisationId, id);
    if (!person) throw notFound();
    const now = new Date().toISOString();
    const email = addressOf(change);
    if (email !== undefined && email !== person.email) await this.assertFree(email, id);
    const name = nameOf(change, person.contact_name);
    const wasActive = person.deactivated_at === null;
    const active = change.active ?? wasActive;
    if (wasActive && !active && person.role === 'admin' && (await countActiveAdmins(this.db, caller.organisationId)) <= 1)
      throw new AppError('LAST_ADMIN', 409, 'team.lastAdmin');
    if (!wasActive && active && (person.role === 'learner' || person.role === 'admin'))
      await assertRoleSeat(this.db, caller.organisationId, person.role, now);
    const set = {
      ...(email !== undefined && email !== person.email && { email }),
      ...(name !== undefined && name !== person.contact_name && { contact_name: name }),
      ...(active !== wasActive && { deactivated_at: active ? null : now }),
    };
    if (Object.keys(set).length > 0) {
      try {
        await repo.updatePerson(this.db, id, { ...set, updated_at: now });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ScimError(409, 'userName is already in use', 'uniqueness');
        throw error;
      }
    }
    await repo.linkPerson(this.db, caller.organisationId, id, change.externalId === '' ? null : change.externalId, now);
    if (!active) await deleteOtherSessions(this.db, id, null);
    if (active !== wasActive) await this.onChanged(id);
    if (active !== wasActive) await this.onMembership?.(id, active ? 'joined' : 'left');
    const changed = Object.keys(set).filter((k) => k !== 'deactivated_at');
    if (changed.length > 0) await this.record(caller, 'scim.user-updated', id, { email: email ?? person.email, changed });
    if (active !== wasActive)
      await this.record(caller, active ? 'scim.user-reactivated' : 'scim.user-deactivated', id, { email: email ?? person.email });
    return this.get(caller, id, base);
  }

  /** DELETE: the person is deactivated and their sessions end; their records are kept (ADR 055). */
  async remove(caller: ScimCaller, id: string): Promise<void> {
    await this.update(caller, id, { active: false }, '');
  }
}
