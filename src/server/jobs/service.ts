import type { TJob, TJobSummary } from '../../shared/schemas/jobs.ts';
import type { TUser } from '../../shared/schemas/users.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import { requestCancel, retryStep } from './control-store.ts';
import { findJob, insertJob, listSteps } from './job-store.ts';
import type { JobKinds } from './kinds.ts';
import { JobSignals } from './signals.ts';
import { jobView, stepView, type JobRow } from './views.ts';

type Language = 'da' | 'en' | undefined;

/** What code asks for when it starts a job (the course creator, a translation …). */
export interface NewJob {
  kind: string;
  organisationId: string;
  /** Who started it: they may follow it, as may the company's admins. */
  userId: string | null;
  courseId?: string | null;
  input: unknown;
}

const notFound = () => new AppError('NOT_FOUND', 404, 'jobs.notFound');

/**
 * Jobs: created by code, never at a model's discretion and never by a public route;
 * followed, cancelled and retried over HTTP by the job's company's admins and its creator. Others
 * get 404, as for anything of another company. Rights are checked against the session user on
 * every call; the events stream checks them once, when it opens.
 */
export class JobsService {
  constructor(
    private readonly db: Db,
    private readonly kinds: JobKinds,
    /** Tells this instance's worker there is work (others find it at their next poll). */
    private readonly wake: () => void = () => {},
    /** Told when a cancel or a retry wrote the job's events, so its streams send them at once. */
    private readonly signals: JobSignals = new JobSignals(undefined, console),
  ) {}

  /**
   * Creates a job of a registered kind, queued; its input is validated by the kind. Inside the
   * caller's transaction `trx` (which decides, under its own lock, that the job may start), the
   * caller wakes the worker with `wakeWorker()` once it has committed.
   */
  async create(job: NewJob, trx?: Transaction<Database>): Promise<TJobSummary> {
    const kind = this.kinds.get(job.kind);
    if (!kind) throw new Error(`unknown job kind ${job.kind}`);
    const input: unknown = kind.input.parse(job.input);
    const now = new Date().toISOString();
    const row: JobRow = {
      id: newId(),
      organisation_id: job.organisationId,
      user_id: job.userId,
      course_id: job.courseId ?? null,
      kind: job.kind,
      status: 'queued',
      phase: null,
      progress: 0,
      input: JSON.stringify(input),
      result: null,
      error: null,
      attempts: 0,
      lease_expiries: 0,
      lock_owner: null,
      lease_until: null,
      cancel_requested: 0,
      input_tokens: 0,
      output_tokens: 0,
      created_at: now,
      started_at: null,
      finished_at: null,
      updated_at: now,
    };
    await insertJob(trx ?? this.db, row);
    if (!trx) this.wake();
    return jobView(row, undefined);
  }

  /** Tells this instance's worker there is work (after a job created in a transaction is committed). */
  wakeWorker(): void {
    this.wake();
  }

  /** The job, if this user may see it: its company's admins and whoever started it. */
  private async visible(user: TUser, id: string): Promise<JobRow> {
    const row = await findJob(this.db, id);
    if (!row || row.organisation_id !== user.organisationId) throw notFound();
    if (user.role !== 'admin' && row.user_id !== user.id) throw notFound();
    return row;
  }

  async get(user: TUser, id: string, lang: Language): Promise<TJob> {
    const row = await this.visible(user, id);
    const steps = await listSteps(this.db, id);
    return { ...jobView(row, lang), steps: steps.map((s) => stepView(s, lang)) };
  }

  /** Checks the user may follow the job; its status, to the events stream. */
  async assertVisible(user: TUser, id: string): Promise<void> {
    await this.visible(user, id);
  }

  async cancel(user: TUser, id: string, lang: Language): Promise<TJob> {
    await this.visible(user, id);
    const row = await requestCancel(this.db, id, new Date().toISOString());
    if (!row) throw new AppError('JOB_FINISHED', 409, 'jobs.alreadyFinished');
    this.signals.changed(id);
    return this.get(user, id, lang);
  }

  /** Retries one failed step alone; the job carries on (or starts again) from there. */
  async retryStep(user: TUser, id: string, key: string, lang: Language): Promise<TJob> {
    await this.visible(user, id);
    const steps = await listSteps(this.db, id);
    if (!steps.some((s) => s.key === key)) throw new AppError('NOT_FOUND', 404, 'jobs.stepNotFound');
    const retried = await retryStep(this.db, id, key, new Date().toISOString());
    if (retried === 'cancelled') throw new AppError('JOB_FINISHED', 409, 'jobs.jobCancelled');
    if (retried === 'not-failed') throw new AppError('STEP_NOT_FAILED', 409, 'jobs.stepNotFailed');
    this.signals.changed(id);
    this.wake();
    return this.get(user, id, lang);
  }
}
