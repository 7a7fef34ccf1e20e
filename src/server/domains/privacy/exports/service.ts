import type { Readable } from 'node:stream';
import type { TDataExport } from '../../../../shared/schemas/exports.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { DataExportsTable } from '../../../db/schema-audit.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import type { JobsService } from '../../../jobs/service.ts';
import { newId } from '../../../security/tokens.ts';
import { newStorageKey } from '../../../storage/index.ts';
import { AuditLog } from '../audit/log.ts';
import { writeCompany, writePerson, type BuildDeps } from './build.ts';
import { ZipSink } from './zip-sink.ts';

export const EXPORT_KIND = 'data-export';
/** How long a ready file is kept. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Exports one person (or one company) may ask for in 24 hours: enough to try again, too few to load the server. */
export const MAX_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = DataExportsTable;

/** Told once an export is ready: the notification in the app and the mail (the composition root wires them). */
export type ExportReady = (ready: { userId: string; exportId: string; scope: Row['scope']; expiresAt: string }) => Promise<void>;

export interface ExportsDeps extends BuildDeps {
  jobs: Pick<JobsService, 'create' | 'wakeWorker'>;
  onReady: ExportReady;
  audit?: AuditLog;
  clock?: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', 404, 'exports.notFound');

export function exportView(row: Row): TDataExport {
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    size: row.size === null ? null : Number(row.size),
    downloadUrl: row.status === 'ready' ? `/api/exports/${row.id}/file` : null,
  };
}

/**
 * Copies of data (GDPR art. 15 and 20): a person's own, or, for an admin, the whole company's.
 * Asking makes a row and a durable job in one transaction; the job writes the ZIP to the storage,
 * marks the row ready and tells the one who asked. Only they (and, for a company's copy, the
 * company's admins) see or download it; anyone else gets 404, as for what does not exist.
 */
export class ExportsService {
  private readonly audit: AuditLog;
  private readonly clock: () => Date;

  constructor(private readonly deps: ExportsDeps) {
    this.audit = deps.audit ?? new AuditLog(deps.db);
    this.clock = deps.clock ?? (() => new Date());
  }

  /** POST /api/me/export */
  requestPerson(user: TUser, ip: string | null): Promise<TDataExport> {
    return this.request(user, 'person', ip);
  }

  /** POST /api/organisation/export: admins only. */
  requestCompany(user: TUser, ip: string | null): Promise<TDataExport> {
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'exports.adminOnly');
    return this.request(user, 'company', ip);
  }

  private async request(user: TUser, scope: Row['scope'], ip: string | null): Promise<TDataExport> {
    const { db } = this.deps;
    const now = this.clock();
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const recent = await db
      .selectFrom('data_exports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('scope', '=', scope)
      .where('created_at', '>', since)
      .$call((q) => (scope === 'person' ? q.where('subject_user_id', '=', user.id) : q.where('organisation_id', '=', user.organisationId)))
      .executeTakeFirstOrThrow();
    const running = () => new AppError('EXPORT_RUNNING', 409, scope === 'person' ? 'exports.running' : 'exports.companyRunning');
    const activeKey = scope === 'person' ? `person:${user.id}` : `company:${user.organisationId}`;
    if (await this.stillActive(activeKey)) throw running();
    if (Number(recent.n) >= MAX_PER_DAY) throw new AppError('TOO_MANY_EXPORTS', 429, 'exports.tooMany', { params: { max: MAX_PER_DAY } });
    const row: Row = {
      id: newId(),
      organisation_id: user.organisationId,
      requested_by: user.id,
      scope,
      subject_user_id: scope === 'person' ? user.id : null,
      status: 'queued',
      active_key: activeKey,
      job_id: null,
      storage_key: null,
      size: null,
      error: null,
      created_at: now.toISOString(),
      ready_at: null,
      expires_at: null,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('data_exports').values(row).execute();
        // No user on the job: the export's row says who may see it, and the job's own "ready"
        // notification (for the course creator's jobs) is not what this person should hear.
        const job = await this.deps.jobs.create(
          { kind: EXPORT_KIND, organisationId: user.organisationId, userId: null, input: { exportId: row.id, ip } },
          trx,
        );
        row.job_id = job.id;
        await trx.updateTable('data_exports').set({ job_id: job.id }).where('id', '=', row.id).execute();
      });
    } catch (error) {
      // Two requests at once: the other one's row holds the key.
      if (isUniqueViolation(error)) throw running();
      throw error;
    }
    this.deps.jobs.wakeWorker();
    return exportView(row);
  }

  /**
   * Whether an export holds the key: one whose job ended without it (cancelled from the jobs API,
   * its kind gone after a deploy, failed before its step ran) is marked failed and lets go.
   */
  private async stillActive(activeKey: string): Promise<boolean> {
    const { db } = this.deps;
    const active = await db
      .selectFrom('data_exports as e')
      .leftJoin('ai_jobs as j', 'j.id', 'e.job_id')
      .select(['e.id', 'j.status as job_status'])
      .where('e.active_key', '=', activeKey)
      .executeTakeFirst();
    if (!active) return false;
    if (active.job_status === 'queued' || active.job_status === 'running') return true;
    await db
      .updateTable('data_exports')
      .set({ status: 'failed', active_key: null, error: `the job ended ${active.job_status ?? 'missing'}` })
      .where('id', '=', active.id)
      .where('active_key', '=', activeKey)
      .execute();
    return false;
  }

  /** The export, if this user may see it: who asked for it, and for a company's copy the company's admins. */
  private async visible(user: TUser, id: string): Promise<Row> {
    const row = await this.deps.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.organisation_id !== user.organisationId) throw notFound();
    const mine = row.requested_by === user.id;
    if (row.scope === 'person' ? !mine : user.role !== 'admin') throw notFound();
    return row;
  }

  async get(user: TUser, id: string): Promise<TDataExport> {
    return exportView(await this.visible(user, id));
  }

  /** GET /api/me/exports or /api/organisation/exports: newest first, the last 20. */
  async list(user: TUser, scope: Row['scope']): Promise<TDataExport[]> {
    if (scope === 'company' && user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'exports.adminOnly');
    const rows = await this.deps.db
      .selectFrom('data_exports')
      .selectAll()
      .where('scope', '=', scope)
      .$call((q) => (scope === 'person' ? q.where('subject_user_id', '=', user.id) : q.where('organisation_id', '=', user.organisationId)))
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
    return rows.map(exportView);
  }

  /** The ZIP, streamed from the storage. */
  async file(user: TUser, id: string): Promise<{ body: Readable; size: number; fileName: string }> {
    const row = await this.visible(user, id);
    if (row.status === 'expired') throw new AppError('EXPORT_EXPIRED', 410, 'exports.expired');
    if (row.status !== 'ready' || !row.storage_key) throw new AppError('EXPORT_NOT_READY', 409, 'exports.notReady');
    const body = await this.deps.storage.get(row.storage_key);
    const day = (row.ready_at ?? row.created_at).slice(0, 10);
    return { body, size: Number(row.size ?? 0), fileName: `kursa-${row.scope === 'person' ? 'data' : 'company-data'}-${day}.zip` };
  }

  /** The job's one step: writes the ZIP, marks the export ready, records it and tells who asked. */
  async run(exportId: string, ip: string | null, signal?: AbortSignal): Promise<{ size: number }> {
    const { db, storage } = this.deps;
    const row = await db.selectFrom('data_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    if (!row) return { size: 0 };
    // Run again after it was done (a lease taken over at the very end): nothing to do.
    if (row.status === 'ready' || row.status === 'expired') return { size: Number(row.size ?? 0) };
    await db.updateTable('data_exports').set({ status: 'running', error: null }).where('id', '=', exportId).execute();
    const key = newStorageKey();
    const sink = new ZipSink(storage, key, signal);
    const madeAt = this.clock();
    let size: number;
    try {
      if (row.scope === 'person') await writePerson(sink, this.deps, row.subject_user_id ?? row.requested_by, madeAt);
      else await writeCompany(sink, this.deps, row.organisation_id, madeAt);
      size = await sink.finish();
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      await sink.abort(reason);
      // Stopped (the app closing, the lease lost, a cancel): the job runs the step again elsewhere,
      // or ends cancelled and the next request lets its key go; either way it has not failed.
      if (signal?.aborted) {
        await db.updateTable('data_exports').set({ status: 'queued' }).where('id', '=', exportId).execute();
        throw reason;
      }
      await db
        .updateTable('data_exports')
        .set({ status: 'failed', active_key: null, error: reason.message.slice(0, 500) })
        .where('id', '=', exportId)
        .execute();
      throw reason;
    }
    const readyAt = this.clock();
    const expiresAt = new Date(readyAt.getTime() + KEEP_MS).toISOString();
    await db
      .updateTable('data_exports')
      .set({ status: 'ready', active_key: null, storage_key: key, size, ready_at: readyAt.toISOString(), expires_at: expiresAt })
      .where('id', '=', exportId)
      .execute();
    const actor = await db
      .selectFrom('users')
      .select(['id', 'contact_name', 'email'])
      .where('id', '=', row.requested_by)
      .executeTakeFirst();
    await this.audit.record({
      organisationId: row.organisation_id,
      actor: actor ? { id: actor.id, name: actor.contact_name, email: actor.email, ip } : null,
      action: 'data.exported',
      target: { type: row.scope === 'person' ? 'user' : 'company', id: row.subject_user_id ?? row.organisation_id },
      details: { exportId, scope: row.scope, subjectId: row.subject_user_id, size },
    });
    await this.deps.onReady({ userId: row.requested_by, exportId, scope: row.scope, expiresAt });
    return { size };
  }
}
