import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../db/database.ts';
import { newId } from '../security/tokens.ts';
import { failStuckJob, stuckJobs } from './control-store.ts';
import { JobRun } from './job-run.ts';
import { claimJob, claimableJobs } from './job-store.ts';
import type { JobKinds } from './kinds.ts';
import { JobSignals } from './signals.ts';

export interface WorkerOptions {
  /** Steps of one job at once (AI_JOB_CONCURRENCY). */
  jobConcurrency: number;
  /**
   * Steps of one company's jobs at once, across every instance (AI_COMPANY_CONCURRENCY); when
   * unset, a fair share of `capacity` among the companies whose jobs are running.
   */
  companyConcurrency?: number | undefined;
  /** How many steps the provider takes now (its adaptive limit); the fair shares divide it. */
  capacity?: () => number;
  /** AI_JOB_LEASE_MS. */
  leaseMs: number;
  /** The watchdog fails a job that has run longer than this (AI_JOB_MAX_MINUTES). */
  maxRunMs: number;
  /** …or whose worker was lost this many times. */
  maxLeaseExpiries?: number;
  /** How often the worker looks for work and the watchdog looks for stuck jobs. */
  pollMs?: number;
  /** Told once a job this instance ran has succeeded or failed (the watchdog's failures too), after the write. */
  onEnded?: (jobId: string) => Promise<void>;
}

/** Jobs one instance runs at once; their steps are bounded by the concurrency settings. */
const MAX_JOBS_PER_WORKER = 16;
const DEFAULT_MAX_LEASE_EXPIRIES = 3;

/**
 * The in-process worker. Every instance of the app runs one: each claims queued jobs
 * (and jobs whose lease ran out: their worker crashed) with a conditional UPDATE, so instances on
 * one database share the work with nothing shared in memory. The watchdog runs with every poll, on
 * whichever instance gets there first. stop() hands the jobs back for the next start or another
 * instance: running steps are aborted and pending again, done ones stay done.
 */
export class JobWorker {
  /** Who holds a lease: host, process and a random part (two apps in one process differ). */
  readonly owner = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly runs = new Map<string, { run: JobRun; done: Promise<void> }>();
  private readonly pollMs: number;
  private readonly maxLeaseExpiries: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly kinds: JobKinds,
    private readonly options: WorkerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly signals: JobSignals = new JobSignals(undefined, log),
  ) {
    this.pollMs = options.pollMs ?? Math.max(50, Math.min(1000, Math.floor(options.leaseMs / 10)));
    this.maxLeaseExpiries = options.maxLeaseExpiries ?? DEFAULT_MAX_LEASE_EXPIRIES;
  }

  start(): void {
    this.schedule();
  }

  /** Look for work now (a job was just created here), not at the next poll. */
  wake(): void {
    if (this.stopping) return;
    if (this.ticking) this.again = true;
    else this.ticking = this.tick();
  }

  private schedule(): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, this.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.watchdog();
        await this.claim();
      } while (this.again && !this.stopping);
    } catch (error) {
      this.log.error({ err: error }, 'the job worker could not look for work; it tries again at the next poll');
    } finally {
      this.ticking = undefined;
    }
  }

  private async watchdog(): Promise<void> {
    const now = new Date();
    const startedBefore = new Date(now.getTime() - this.options.maxRunMs).toISOString();
    // Whole minutes as configured (AI_JOB_MAX_MINUTES); a test's shorter limit shows as a fraction.
    const minutes = Math.round((this.options.maxRunMs / 60_000) * 100) / 100;
    for (const stuck of await stuckJobs(this.db, now.toISOString(), this.maxLeaseExpiries, startedBefore, minutes)) {
      if (await failStuckJob(this.db, stuck, new Date().toISOString())) {
        this.signals.changed(stuck.id);
        await this.options.onEnded?.(stuck.id);
        this.log.warn({ job: stuck.id, reason: stuck.reason }, 'the watchdog failed a stuck job');
      }
    }
  }

  /**
   * Takes one job per look (a poll, or a wake-up when a job is created here), so that instances
   * polling the same queue share its jobs instead of the first one taking them all.
   */
  private async claim(): Promise<void> {
    if (this.runs.size >= MAX_JOBS_PER_WORKER) return;
    const ids = await claimableJobs(this.db, this.kinds.names(), new Date().toISOString(), this.maxLeaseExpiries, MAX_JOBS_PER_WORKER);
    for (const id of ids) {
      if (this.stopping) return;
      if (this.runs.has(id)) continue;
      const at = Date.now();
      const job = await claimJob(
        this.db,
        id,
        this.owner,
        new Date(at).toISOString(),
        new Date(at + this.options.leaseMs).toISOString(),
        this.maxLeaseExpiries,
      );
      if (!job) continue;
      this.signals.changed(id);
      const settings = {
        db: this.db,
        dbKind: this.dbKind,
        owner: this.owner,
        log: this.log,
        pollMs: this.pollMs,
        signals: this.signals,
        ...this.options,
      };
      const run = new JobRun(settings, this.kinds.get(job.kind), job);
      const done = run
        .run()
        .catch((error: unknown) => this.log.error({ err: error, job: id }, 'a job run ended with an error'))
        .finally(() => {
          this.runs.delete(id);
          this.wake();
        });
      this.runs.set(id, { run, done });
      return;
    }
  }

  /** Stops looking for work, aborts the running steps and hands every job back. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearTimeout(this.timer);
      await this.ticking;
      for (const { run } of this.runs.values()) run.stop('shutdown');
      await Promise.all([...this.runs.values()].map((r) => r.done));
    })();
    return this.stopping;
  }
}
