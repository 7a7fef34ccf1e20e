import type { FastifyBaseLogger } from 'fastify';
import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { TErasure, TMyErasure } from '../../../../shared/schemas/erasure.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { ErasureRequestsTable } from '../../../db/schema-privacy.ts';
import type { Storage } from '../../../storage/index.ts';
import { AppError } from '../../../http/errors.ts';
import { provePassword } from '../../../throttle/password.ts';
import { actorOf, type AuditLog } from '../audit/log.ts';
import { erasePerson } from './anonymise.ts';
import { insertErasureRequest } from './requests.ts';
import { retentionOf } from '../retention-settings.ts';

const adminOnly = () => new AppError('FORBIDDEN', 403, 'erasure.adminOnly');
const memberNotFound = () => new AppError('NOT_FOUND', 404, 'team.memberNotFound');

/** What the erasure needs of other domains and the infrastructure, given by the composition root (this domain imports no other). */
export interface ErasureHooks {
  /** Takes the holder's name off their certificates and signs them again; how many. */
  eraseCertificates(userId: string, at: string): Promise<number>;
  /** Where copies of their data are kept. */
  storage: Pick<Storage, 'delete'>;
}

function view(row: ErasureRequestsTable): TErasure {
  return { id: row.id, kind: row.kind, status: row.status, requestedAt: row.requested_at, dueAt: row.due_at };
}

/**
 * Erasure of a person's data (docs/decisions/053-erasure-and-retention.md): asked for by the person
 * (with their password) or by an admin of their company, carried out by the periodic work once the
 * company's grace period has passed, cancellable until then. An admin's request deactivates the
 * member at once (their sessions end); cancelling it restores them as they were.
 */
export class ErasureService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly hooks: ErasureHooks,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private pending(organisationId: string, userId: string) {
    return this.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  /** GET /api/me/erasure. */
  async mine(actor: TUser): Promise<TMyErasure> {
    const row = await this.pending(actor.organisationId, actor.id);
    return { erasure: row ? view(row) : null };
  }

  private insert(
    organisationId: string,
    userId: string,
    kind: ErasureRequestsTable['kind'],
    requestedBy: string | null,
    previousDeactivatedAt: string | null,
  ): Promise<ErasureRequestsTable> {
    return insertErasureRequest(
      this.db,
      { organisationId, userId, kind, requestedBy, previousDeactivatedAt, now: this.clock() },
      'erasure.pending',
    );
  }

  private async activeAdmins(organisationId: string, except: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .where('erased_at', 'is', null)
      .where('id', '!=', except)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.id);
  }

  /** DELETE /api/me: the person asks for their own erasure, proving it is them with their password. */
  async requestOwn(actor: TUser, password: string, ip: string): Promise<TMyErasure> {
    if (DEMO_EMAILS.includes(actor.email)) throw new AppError('DEMO_LOCKED', 403, 'profile.demoLocked');
    await provePassword(this.db, {
      userId: actor.id,
      password,
      ip,
      purpose: 'erasure',
      field: 'password',
      message: 'erasure.wrongPassword',
    });
    if (actor.role === 'admin' && (await this.activeAdmins(actor.organisationId, actor.id)).length === 0) {
      throw new AppError('LAST_ADMIN', 409, 'erasure.lastAdmin');
    }
    const row = await this.insert(actor.organisationId, actor.id, 'self', actor.id, null);
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'member.erasure-requested',
      target: { type: 'user', id: actor.id },
      details: { dueAt: row.due_at, by: 'self' },
    });
    return { erasure: view(row) };
  }

  /** DELETE /api/me/erasure: the person changes their mind before it is carried out. */
  async cancelOwn(actor: TUser, ip: string): Promise<TMyErasure> {
    await this.cancel(actor, actor.id, ip);
    return { erasure: null };
  }

  private async member(admin: TUser, memberId: string) {
    if (admin.role !== 'admin') throw adminOnly();
    const member = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'contact_name', 'role', 'deactivated_at'])
      .where('organisation_id', '=', admin.organisationId)
      .where('id', '=', memberId)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw memberNotFound();
    return member;
  }

  /** POST /api/members/:id/erase: an admin asks for a member's erasure; the member is deactivated now. */
  async requestMember(admin: TUser, memberId: string, ip: string): Promise<TErasure> {
    const member = await this.member(admin, memberId);
    if (member.id === admin.id) throw new AppError('NOT_YOURSELF', 400, 'erasure.notYourself');
    if (DEMO_EMAILS.includes(admin.email) || DEMO_EMAILS.includes(member.email)) {
      throw new AppError('DEMO_LOCKED', 403, 'profile.demoLocked');
    }
    const row = await this.insert(admin.organisationId, member.id, 'admin', admin.id, member.deactivated_at);
    const now = this.clock().toISOString();
    await this.db
      .updateTable('users')
      .set({ deactivated_at: member.deactivated_at ?? now, updated_at: now })
      .where('id', '=', member.id)
      .execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    await this.audit.record({
      organisationId: admin.organisationId,
      actor: actorOf(admin, ip),
      action: 'member.erasure-requested',
      target: { type: 'user', id: member.id },
      details: { email: member.email, dueAt: row.due_at, by: 'admin' },
    });
    return view(row);
  }

  /** GET /api/members/:id/erase: the member's pending erasure, or null. */
  async memberErasure(admin: TUser, memberId: string): Promise<TMyErasure> {
    const member = await this.member(admin, memberId);
    const row = await this.pending(admin.organisationId, member.id);
    return { erasure: row ? view(row) : null };
  }

  /** DELETE /api/members/:id/erase: an admin cancels a member's pending erasure (either kind). */
  async cancelMember(admin: TUser, memberId: string, ip: string): Promise<TMyErasure> {
    const member = await this.member(admin, memberId);
    await this.cancel(admin, member.id, ip);
    return { erasure: null };
  }

  private async cancel(actor: TUser, userId: string, ip: string): Promise<void> {
    const row = await this.pending(actor.organisationId, userId);
    if (!row) throw new AppError('NO_ERASURE', 404, 'erasure.nonePending');
    const now = this.clock().toISOString();
    const cancelled = await this.db
      .updateTable('erasure_requests')
      .set({ status: 'cancelled', cancelled_at: now, cancelled_by: actor.id })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0) throw new AppError('NO_ERASURE', 404, 'erasure.nonePending');
    if (row.kind === 'admin') {
      await this.db
        .updateTable('users')
        .set({ deactivated_at: row.previous_deactivated_at, updated_at: now })
        .where('id', '=', userId)
        .execute();
    }
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'member.erasure-cancelled',
      target: { type: 'user', id: userId },
      details: {},
    });
  }

  /** The retention job: an inactive learner is erased now, with no grace period (no one is there to cancel). */
  async eraseInactive(organisationId: string, userId: string): Promise<boolean> {
    try {
      await this.insert(organisationId, userId, 'retention', null, null);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return false;
      throw error;
    }
    return true;
  }

  /** Carries out a company's due erasures; how many. */
  async runDue(now: Date, organisationId: string): Promise<number> {
    const rows = await this.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('status', '=', 'pending')
      .where('user_id', 'is not', null)
      .where('due_at', '<=', now.toISOString())
      .orderBy('due_at')
      .execute();
    let done = 0;
    for (const row of rows) {
      try {
        if (await this.carryOut(row, now)) done += 1;
      } catch (error) {
        this.log.error({ err: error, erasureId: row.id }, 'an erasure could not be carried out; it is tried again at the next scan');
      }
    }
    return done;
  }

  /**
   * The copies of the person's own data (their exports), files and rows; a company's copy holds
   * every member and stays the company's until its 7 days are over. Removed before the
   * transaction: a file deleted twice is no error, so a failed erasure carried out again is fine.
   */
  private async removeCopies(userId: string): Promise<number> {
    const copies = await this.db
      .selectFrom('data_exports')
      .select(['id', 'storage_key'])
      .where('scope', '=', 'person')
      .where((eb) => eb.or([eb('subject_user_id', '=', userId), eb('requested_by', '=', userId)]))
      .execute();
    for (const copy of copies) if (copy.storage_key) await this.hooks.storage.delete(copy.storage_key);
    if (copies.length > 0)
      await this.db
        .deleteFrom('data_exports')
        .where(
          'id',
          'in',
          copies.map((c) => c.id),
        )
        .execute();
    return copies.length;
  }

  private async carryOut(row: ErasureRequestsTable, now: Date): Promise<boolean> {
    const userId = row.user_id!;
    const at = now.toISOString();
    const { keepTrainingRecords } = await retentionOf(this.db, row.organisation_id);
    const admins = await this.activeAdmins(row.organisation_id, userId);
    const successorId = row.requested_by && admins.includes(row.requested_by) ? row.requested_by : (admins[0] ?? null);
    // Certificates first, outside the transaction: signing them again is idempotent, so an
    // erasure that fails after them is simply carried out again.
    const certificates = await this.hooks.eraseCertificates(userId, at);
    const copies = await this.removeCopies(userId);
    const summary = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('erasure_requests')
        .set({ status: 'done', done_at: at })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return undefined;
      const erased = await erasePerson(trx, {
        userId,
        organisationId: row.organisation_id,
        at,
        keepTraining: keepTrainingRecords,
        successorId,
      });
      const counted = { ...erased, ...(certificates > 0 && { certificates }), ...(copies > 0 && { dataCopies: copies }) };
      await trx
        .updateTable('erasure_requests')
        .set({ summary: JSON.stringify(counted) })
        .where('id', '=', row.id)
        .execute();
      return counted;
    });
    if (!summary) return false;
    await this.audit.record({
      organisationId: row.organisation_id,
      actor: null,
      action: 'member.erased',
      target: { type: 'user', id: userId },
      details: { kind: row.kind, requestedAt: row.requested_at, removed: summary },
    });
    return true;
  }
}
