import type { FastifyBaseLogger } from 'fastify';
import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { TCompanyDeletion, TDeleteCompanyRequest } from '../../../../shared/schemas/erasure.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { ErasureRequestsTable } from '../../../db/schema-privacy.ts';
import { AppError } from '../../../http/errors.ts';
import type { MailMeta, MailMessage } from '../../../mail/mailer.ts';
import { mailLanguage } from '../../../mail/templates.ts';
import type { Storage } from '../../../storage/index.ts';
import { provePassword } from '../../../throttle/password.ts';
import { actorOf, type AuditLog } from '../audit/log.ts';
import { erasePerson, type ErasureSummary } from './anonymise.ts';
import { deleteCompanyData } from './company-data.ts';
import { companyDeletionMail, type CompanyDeletionNotice } from './company-notice.ts';
import { insertErasureRequest } from './requests.ts';

const adminOnly = () => new AppError('FORBIDDEN', 403, 'erasure.adminOnly');
const SETTINGS_PATH = '/dashboard/settings';

/** What deleting a company needs of other domains and the infrastructure, given by the composition root. */
export interface CompanyDeletionHooks {
  /** Takes the holder's name off their certificates and signs them again; how many. */
  eraseCertificates(userId: string, at: string): Promise<number>;
  /** Cancels the company's subscription at the payment provider; throws when it cannot (tried again later). */
  endSubscription(organisationId: string): Promise<void>;
  /** The files the company uploaded and the copies of its data. */
  storage: Pick<Storage, 'delete'>;
  /** Queues a mail, once per dedupe key. */
  mail: (message: MailMessage, meta: MailMeta) => Promise<unknown>;
  publicUrl: string;
}

/**
 * A company deleted at an admin's request (docs/decisions/054-company-deletion.md): asked for with
 * the admin's password and the company's name, told to every admin by mail, carried out by the
 * periodic work after the company's grace period unless an admin cancels it first. Then every
 * person is erased as one person is, the courses are emptied and archived, every other row of the
 * company and its files are deleted, its subscription is cancelled, and the company's row stays
 * with its name only, for the certificates it issued and the invoices it paid.
 */
export class CompanyDeletion {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly hooks: CompanyDeletionHooks,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private pending(organisationId: string) {
    return this.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('user_id', 'is', null)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  private async nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const row = await this.db.selectFrom('users').select(['contact_name', 'email']).where('id', '=', userId).executeTakeFirst();
    return row ? row.contact_name || row.email : null;
  }

  /** GET /api/organisation/deletion. */
  async status(actor: TUser): Promise<TCompanyDeletion> {
    if (actor.role !== 'admin') throw adminOnly();
    const row = await this.pending(actor.organisationId);
    if (!row) return { deletion: null };
    return {
      deletion: {
        id: row.id,
        kind: row.kind,
        status: row.status,
        requestedAt: row.requested_at,
        dueAt: row.due_at,
        requestedByName: await this.nameOf(row.requested_by),
      },
    };
  }

  /** DELETE /api/organisation: asked for by an admin, with their password and the company's name. */
  async request(actor: TUser, input: TDeleteCompanyRequest, ip: string): Promise<TCompanyDeletion> {
    if (actor.role !== 'admin') throw adminOnly();
    const demo = await this.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', actor.organisationId)
      .where('email', 'in', DEMO_EMAILS)
      .executeTakeFirst();
    if (demo) throw new AppError('DEMO_LOCKED', 403, 'profile.demoLocked');
    const org = await this.db.selectFrom('organisations').select('name').where('id', '=', actor.organisationId).executeTakeFirstOrThrow();
    if (input.companyName.trim().toLocaleLowerCase('da') !== org.name.trim().toLocaleLowerCase('da')) {
      throw new AppError('VALIDATION_ERROR', 400, 'erasure.companyNameMismatch', {
        fields: { companyName: 'erasure.companyNameMismatch' },
      });
    }
    await provePassword(this.db, {
      userId: actor.id,
      password: input.password,
      ip,
      purpose: 'company-deletion',
      field: 'password',
      message: 'erasure.wrongPassword',
    });
    const row = await insertErasureRequest(
      this.db,
      { organisationId: actor.organisationId, userId: null, kind: 'organisation', requestedBy: actor.id, now: this.clock() },
      'erasure.companyPending',
    );
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'organisation.deletion-requested',
      target: { type: 'organisation', id: actor.organisationId },
      details: { dueAt: row.due_at },
    });
    await this.tellAdmins(row, 'requested', actor);
    return this.status(actor);
  }

  /** DELETE /api/organisation/deletion: any admin stops it before it is carried out. */
  async cancel(actor: TUser, ip: string): Promise<TCompanyDeletion> {
    if (actor.role !== 'admin') throw adminOnly();
    const row = await this.pending(actor.organisationId);
    if (!row) throw new AppError('NO_ERASURE', 404, 'erasure.nonePending');
    const cancelled = await this.db
      .updateTable('erasure_requests')
      .set({ status: 'cancelled', cancelled_at: this.clock().toISOString(), cancelled_by: actor.id })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0) throw new AppError('NO_ERASURE', 404, 'erasure.nonePending');
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'organisation.deletion-cancelled',
      target: { type: 'organisation', id: actor.organisationId },
      details: { dueAt: row.due_at },
    });
    await this.tellAdmins(row, 'cancelled', actor);
    return { deletion: null };
  }

  /** Each active admin, in their language, whatever they chose about notifications. */
  private async tellAdmins(row: ErasureRequestsTable, state: CompanyDeletionNotice['state'], by: TUser): Promise<void> {
    try {
      const org = await this.db.selectFrom('organisations').select('name').where('id', '=', row.organisation_id).executeTakeFirstOrThrow();
      const admins = await this.db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where('organisation_id', '=', row.organisation_id)
        .where('role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .where('erased_at', 'is', null)
        .execute();
      const notice = {
        state,
        companyName: org.name,
        byName: by.contactName || by.email,
        dueAt: row.due_at,
        link: `${this.hooks.publicUrl}${SETTINGS_PATH}`,
      };
      for (const admin of admins) {
        await this.hooks.mail(companyDeletionMail(mailLanguage(admin.language), admin.email, notice), {
          kind: 'company-deletion',
          dedupeKey: `company-deletion:${row.id}:${state}:${admin.id}`,
          organisationId: row.organisation_id,
          userId: admin.id,
        });
      }
    } catch (error) {
      // The request stands (it is recorded and shown in the app); a mail that could not be queued is logged.
      this.log.error({ err: error, erasureId: row.id }, 'the admins could not be told of the company’s deletion');
    }
  }

  /** Carries out the company's deletion when due; 1 when it did. */
  async runDue(now: Date, organisationId: string): Promise<number> {
    const row = await this.pending(organisationId);
    if (!row || row.due_at > now.toISOString()) return 0;
    try {
      return (await this.carryOut(row, now)) ? 1 : 0;
    } catch (error) {
      this.log.error(
        { err: error, erasureId: row.id },
        'a company’s deletion could not be carried out; it is tried again at the next scan',
      );
      return 0;
    }
  }

  /**
   * Outside the transaction first, each safe to do twice: the subscription ends (a deletion that
   * cannot stop the billing waits), the certificates lose their holders' names, the files go.
   */
  private async carryOut(row: ErasureRequestsTable, now: Date): Promise<boolean> {
    const organisationId = row.organisation_id;
    const at = now.toISOString();
    await this.hooks.endSubscription(organisationId);
    const people = await this.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('erased_at', 'is', null)
      .execute();
    let certificates = 0;
    for (const person of people) certificates += await this.hooks.eraseCertificates(person.id, at);
    const uploads = await this.db.selectFrom('uploads').select('storage_key').where('organisation_id', '=', organisationId).execute();
    const copies = await this.db.selectFrom('data_exports').select('storage_key').where('organisation_id', '=', organisationId).execute();
    const files = [...uploads, ...copies].flatMap((row) => (row.storage_key ? [row.storage_key] : []));
    for (const key of files) await this.hooks.storage.delete(key);

    const summary = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('erasure_requests')
        .set({ status: 'done', done_at: at })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return undefined;
      const org = await trx.selectFrom('organisations').select(['name', 'cvr']).where('id', '=', organisationId).executeTakeFirstOrThrow();
      // The people's own pending erasures are carried out by this one.
      await trx
        .updateTable('erasure_requests')
        .set({ status: 'done', done_at: at })
        .where('organisation_id', '=', organisationId)
        .where('status', '=', 'pending')
        .execute();
      const removed: ErasureSummary = { people: people.length, ...(certificates > 0 && { certificates }), files: files.length };
      for (const person of people) {
        await erasePerson(trx, { userId: person.id, organisationId, at, keepTraining: false, successorId: null });
      }
      Object.assign(removed, await deleteCompanyData(trx, organisationId, at));
      await trx
        .updateTable('organisations')
        .set({
          // The number is the registry's, free for the company to register again; the deletion's record keeps it.
          cvr: `deleted-${organisationId}`,
          address: '',
          city: '',
          postal_code: '',
          phone: null,
          email: null,
          registry_email: null,
          subdomain: null,
          ean: null,
          stripe_customer_id: null,
          deleted_at: at,
          updated_at: at,
        })
        .where('id', '=', organisationId)
        .execute();
      const record = { company: { name: org.name, cvr: org.cvr }, removed };
      await trx
        .updateTable('erasure_requests')
        .set({ summary: JSON.stringify(record) })
        .where('id', '=', row.id)
        .execute();
      return record;
    });
    if (!summary) return false;
    this.log.info({ organisationId, erasureId: row.id, removed: summary.removed }, 'a company was deleted at its own request');
    return true;
  }
}
