import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../db/database.ts';
import { findJob, finishJob, listSteps, releaseJob, renewLease } from './job-store.ts';
import type { JobKind, PlannedStep, StepStatus } from './kinds.ts';
import { inputHash, jobProgress, readySteps } from './plan.ts';
import type { JobSignals } from './signals.ts';
import { callStep, parseOutput, type StopReason } from './step-call.ts';
import { addSteps, claimSteps, finishStep } from './step-store.ts';
import { stepState, type JobRow, type StepRow } from './views.ts';

export interface RunSettings {
  db: Db;
  dbKind: DbKind;
  owner: string;
  jobConcurrency: number;
  /** A fixed cap per company; none: a fair share of `capacity`. */
  companyConcurrency?: number | undefined;
  capacity?: () => number;
  leaseMs: number;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Told after every write of the job's events, so its streams send them at once. */
  signals: JobSignals;
  /** Told once the job has succeeded or failed. */
  onEnded?: ((jobId: string) => Promise<void>) | undefined;
}

/** How long a stop waits for aborted steps to give up before it lets go of the job anyway. */
const SETTLE_MS = 5000;

const now = () => new Date().toISOString();

/**
 * One job, run by the worker that holds its lease: plans, starts ready steps up to the job's
 * concurrency (the company's cap is checked per claim, across instances; steps ready together are
 * claimed in one transaction), records each outcome, and ends the job. A failed step does not stop the others. The lease is renewed every third of
 * its length; losing it (taken over, stopped by the watchdog) aborts the steps without a write.
 */
export class JobRun {
  private readonly controller = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  private steps: StepRow[] = [];
  private stopReason: StopReason | undefined;
  private dirty = false;
  private wakeUp: (() => void) | undefined;
  private leaseUntil: number;
  private warnedReplan = false;
  /** Counts steps that stopped running, so a read taken while one ended can be told stale. */
  private ended = 0;

  constructor(
    private readonly settings: RunSettings,
    private readonly kind: JobKind | undefined,
    private readonly job: JobRow,
  ) {
    this.leaseUntil = Date.parse(job.lease_until ?? now());
  }

  stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort(new Error(`job ${reason}`));
    this.poke();
  }

  /** Something changed (a step ended, a stop): look again now rather than at the next poll. */
  private poke(): void {
    this.dirty = true;
    this.wakeUp?.();
  }

  async run(): Promise<void> {
    const { log, leaseMs } = this.settings;
    const heartbeat = setInterval(() => void this.heartbeat(), Math.max(50, Math.floor(leaseMs / 3)));
    try {
      if (Number(this.job.cancel_requested) === 1) this.stop('cancel');
      await this.loop();
    } catch (error) {
      log.error({ err: error, job: this.job.id }, 'job run failed; its lease will expire and another worker takes it over');
      this.stop('lost');
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => (timer = setTimeout(r, SETTLE_MS)))]);
    clearTimeout(timer);
    clearInterval(heartbeat);
    const { db, owner } = this.settings;
    if (this.stopReason === 'shutdown') {
      await releaseJob(db, this.job.id, owner, now());
      this.settings.signals.changed(this.job.id);
    }
    if (this.stopReason === 'cancel') await this.finish('cancelled');
  }

  private async heartbeat(): Promise<void> {
    if (this.stopReason) return;
    const until = Date.now() + this.settings.leaseMs;
    try {
      const lease = await renewLease(this.settings.db, this.job.id, this.settings.owner, new Date(until).toISOString());
      if (!lease) return this.stop('lost');
      this.leaseUntil = until;
      if (lease.cancelRequested) this.stop('cancel');
    } catch (error) {
      this.settings.log.warn({ err: error, job: this.job.id }, 'could not renew a job lease');
      // Past the lease another worker may have taken the job: stop rather than run a step twice.
      if (Date.now() > this.leaseUntil) this.stop('lost');
    }
  }

  private async loop(): Promise<void> {
    const { db, jobConcurrency, pollMs } = this.settings;
    const kind = this.kind;
    if (!kind) {
      await this.finish('failed', { key: 'jobs.unknownKind', params: { kind: this.job.kind } });
      return;
    }
    const input: unknown = JSON.parse(this.job.input);
    while (!this.stopReason) {
      this.dirty = false;
      const endedBefore = this.ended;
      // A cancel, or the watchdog, is seen within a poll rather than at the next heartbeat.
      // The job and its steps are read together (two connections on PostgreSQL).
      const [job, steps] = await Promise.all([findJob(db, this.job.id), listSteps(db, this.job.id)]);
      if (job?.lock_owner !== this.settings.owner || job.status !== 'running') this.stop('lost');
      else if (Number(job.cancel_requested) === 1) this.stop('cancel');
      if (this.stopReason) break;
      // A step that ended during the read may show in it as running though it runs no more, which
      // would look like a job with nothing left to do: read again.
      if (this.ended !== endedBefore) continue;
      this.steps = steps;
      await this.plan(kind, input);
      const ready = readySteps(this.steps.map(stepState)).filter((s) => !this.running.has(s.key));
      if (this.running.size === 0 && ready.length === 0) {
        if (await this.end(kind, input)) return;
        continue;
      }
      const free = jobConcurrency - this.running.size;
      if (free > 0 && ready.length > 0) {
        const claimed = await claimSteps(db, this.settings.dbKind, {
          jobId: this.job.id,
          keys: ready.slice(0, free).map((s) => s.key),
          owner: this.settings.owner,
          organisationId: this.job.organisation_id,
          share: companyShare(this.settings),
          now: now(),
        });
        if (claimed.outcome === 'ok' && claimed.steps.length > 0) this.settings.signals.changed(this.job.id);
        if (claimed.outcome === 'lost') await this.heartbeat();
        // A step claimed is started even if a stop came meanwhile: its run sees the abort and records how it ended.
        else if (claimed.outcome === 'ok') for (const step of claimed.steps) this.start(kind, input, step);
      }
      await this.wait(pollMs);
    }
  }

  /** Adds the steps the kind now wants to those just read (existing keys are left alone) and reads them all when it added any. */
  private async plan(kind: JobKind, input: unknown): Promise<void> {
    const { db } = this.settings;
    const known = new Map<string, PlannedStep>(
      this.steps.map((s) => [s.key, { key: s.key, status: s.status as StepStatus, output: parseOutput(s) }]),
    );
    const planned = kind.plan(input, known).map((p) => ({
      key: p.key,
      phase: p.phase,
      label: p.label ?? null,
      dependsOn: p.dependsOn ?? [],
      input: p.input,
      inputHash: inputHash(kind.name, p.key, p.input),
    }));
    // A step that exists keeps its input (a done one is never run again); a plan that now gives it
    // another input is a kind whose plan is not deterministic, worth a line in the log.
    const changed = planned.filter((p) => this.steps.some((s) => s.key === p.key && s.input_hash !== p.inputHash)).map((p) => p.key);
    if (changed.length > 0 && !this.warnedReplan) {
      this.warnedReplan = true;
      this.settings.log.warn(
        { job: this.job.id, kind: kind.name, steps: changed.slice(0, 10) },
        'a job kind re-planned existing steps with other inputs; they keep their first input',
      );
    }
    const steps = planned.filter((p) => !known.has(p.key));
    if (steps.length === 0) return;
    await addSteps(db, this.job.id, steps, now());
    this.settings.signals.changed(this.job.id);
    this.steps = await listSteps(db, this.job.id);
  }

  /** Nothing runs and nothing is ready: the job is done, or failed with its failed steps retryable. True when it ended. */
  private async end(kind: JobKind, input: unknown): Promise<boolean> {
    const failed = this.steps.filter((s) => s.status !== 'done');
    if (failed.length === 0) {
      const outputs = new Map(this.steps.map((s) => [s.key, parseOutput(s)]));
      return this.finish('succeeded', undefined, kind.result?.(input, outputs));
    }
    const count = this.steps.filter((s) => s.status === 'failed').length;
    return this.finish('failed', { key: 'jobs.stepsFailed', params: { count } });
  }

  private async finish(
    status: 'succeeded' | 'failed' | 'cancelled',
    error?: { key: 'jobs.unknownKind' | 'jobs.stepsFailed'; params: Record<string, string | number> },
    result?: unknown,
  ): Promise<boolean> {
    const { progress, phase } = jobProgress(this.steps.map(stepState));
    const outcome = await finishJob(
      this.settings.db,
      this.job.id,
      this.settings.owner,
      { status, progress, phase, ...(error && { error }), ...(result !== undefined && { result }) },
      now(),
    );
    if (outcome === 'finished') {
      this.settings.signals.changed(this.job.id);
      if (status !== 'cancelled') await this.settings.onEnded?.(this.job.id);
    }
    if (outcome === 'lost') this.stop('lost');
    return outcome !== 'continue';
  }

  private start(kind: JobKind, input: unknown, step: StepRow): void {
    const promise = this.execute(kind, input, step)
      .catch((error: unknown) => this.settings.log.error({ err: error, job: this.job.id, step: step.key }, 'could not record a step'))
      .finally(() => {
        this.running.delete(step.key);
        this.ended += 1;
        this.poke();
      });
    this.running.set(step.key, promise);
  }

  private async execute(kind: JobKind, input: unknown, step: StepRow): Promise<void> {
    const { db, owner } = this.settings;
    const ran = await callStep({
      db,
      owner,
      changed: () => this.settings.signals.changed(this.job.id),
      kind,
      job: this.job,
      input,
      step,
      steps: this.steps,
      signal: this.controller.signal,
      stopReason: () => this.stopReason,
    });
    if (!ran) return;
    const { tokens, ...outcome } = ran;
    // Counted at once, so steps that end together each see the others' outcomes.
    const row = this.steps.find((s) => s.key === step.key);
    if (row) row.status = outcome.status;
    const recorded = await finishStep(
      db,
      this.job.id,
      step.key,
      owner,
      { ...outcome, tokens, job: jobProgress(this.steps.map(stepState)) },
      now(),
    );
    if (recorded) this.settings.signals.changed(this.job.id);
    if (recorded && row) row.output = outcome.output === undefined ? null : JSON.stringify(outcome.output);
  }

  private wait(ms: number): Promise<void> {
    if (this.dirty || this.stopReason) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

/**
 * How many steps the job's company may run at once: the fixed cap when one is set, else the
 * provider's capacity (or, before it is known, the job's own limit), which the claim divides
 * among the companies running steps.
 */
function companyShare(settings: RunSettings): { cap: number } | { pool: number } {
  if (settings.companyConcurrency !== undefined) return { cap: settings.companyConcurrency };
  return { pool: Math.max(1, Math.floor(settings.capacity?.() ?? settings.jobConcurrency)) };
}
