import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DbHandle } from '../db/database.ts';
import type { Env } from '../env.ts';
import { JobEventStreams } from './event-streams.ts';
import { JobKinds, type JobKind } from './kinds.ts';
import { JobsService } from './service.ts';
import { JobSignals, postgresTransport, redisTransport, type SignalTransport } from './signals.ts';
import { JobWorker, type WorkerOptions } from './worker.ts';

/** What the app (and tests) may set beyond the environment. */
export interface JobsOptions {
  /** Kinds to register at start; others may be registered on `kinds` before the app is ready. */
  kinds?: JobKind[];
  /** false: this instance serves the API but runs no jobs. */
  runWorker?: boolean;
  /** Overrides for tests: the watchdog's limits, the worker's poll, the event streams' timings. */
  worker?: Partial<Pick<WorkerOptions, 'maxRunMs' | 'maxLeaseExpiries' | 'pollMs'>>;
  heartbeatMs?: number;
  streamPollMs?: number;
  /**
   * How many of its steps the AI provider can take now, across companies (the adaptive limit the
   * composition root reads from the AI layer); a company alone may use all of it.
   */
  capacity?: () => number;
  /** Told once a job has succeeded or failed. */
  onEnded?: (jobId: string) => Promise<void>;
}

export interface Jobs {
  service: JobsService;
  kinds: JobKinds;
  streams: JobEventStreams;
  worker: JobWorker;
  signals: JobSignals;
}

const HEARTBEAT_MS = 15_000;
/** Events are pushed (JobSignals); this read is only the safety net for a signal lost between instances. */
const STREAM_POLL_MS = 5000;

/**
 * The job engine of one app instance: its kinds, the service other modules create jobs with, the
 * event streams, and the worker, which starts when the app is ready (every module has registered
 * its kinds by then) and hands its jobs back when the app closes.
 */
export function setUpJobs(app: FastifyInstance, handle: DbHandle, env: Env, options: JobsOptions = {}, redis?: Redis): Jobs {
  const kinds = new JobKinds(options.kinds);
  // Across instances through Redis when there is one (it spares the database the messages), else
  // PostgreSQL's own LISTEN/NOTIFY; SQLite is one process, where signals need no transport.
  let transport: SignalTransport | undefined;
  if (redis) transport = redisTransport(redis);
  else if (handle.kind === 'postgres' && env.DATABASE_URL) transport = postgresTransport(env.DATABASE_URL, handle.db, app.log);
  const signals = new JobSignals(transport, app.log);
  const worker = new JobWorker(
    handle.db,
    handle.kind,
    kinds,
    {
      jobConcurrency: env.AI_JOB_CONCURRENCY,
      companyConcurrency: env.AI_COMPANY_CONCURRENCY,
      ...(options.capacity && { capacity: options.capacity }),
      leaseMs: env.AI_JOB_LEASE_MS,
      maxRunMs: env.AI_JOB_MAX_MINUTES * 60_000,
      ...(options.onEnded && { onEnded: options.onEnded }),
      ...options.worker,
    },
    app.log,
    signals,
  );
  const runWorker = options.runWorker !== false;
  const service = new JobsService(
    handle.db,
    kinds,
    () => {
      if (runWorker) worker.wake();
    },
    signals,
  );
  const streams = new JobEventStreams(handle.db, signals, {
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    pollMs: options.streamPollMs ?? STREAM_POLL_MS,
  });
  // Listening before the app serves, so a stream opened at once hears the first signal.
  app.addHook('onReady', async () => signals.start());
  app.addHook('onClose', async () => signals.close());
  if (runWorker) {
    app.addHook('onReady', async () => worker.start());
    // Before the database closes (onClose): the worker's last writes give its jobs back.
    app.addHook('preClose', async () => worker.stop());
  }
  return { service, kinds, streams, worker, signals };
}
