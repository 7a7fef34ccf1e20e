import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import { newId } from '../security/tokens.ts';

/**
 * Word that a job has new events, so whoever follows it reads them now rather than at its next
 * poll. A signal carries only the job's id: the events table stays the one source of what
 * happened (its seqs make a reader's "after n" exact), so a signal that comes twice, late or not at
 * all never duplicates or loses an event — at worst a reader waits for its safety-net poll.
 */

/** How a signal reaches the other instances on the database. */
export interface SignalTransport {
  readonly name: 'postgres' | 'redis';
  publish(message: string): Promise<void>;
  /** Starts hearing other instances: `heard` per message, `missed` after a reconnection (messages sent meanwhile are gone). */
  start(heard: (message: string) => void, missed: () => void): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'kursa_job_events';

export class JobSignals {
  /** Tells this instance's messages from the others' on a shared channel. */
  private readonly instance = newId().slice(0, 12);
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Jobs whose signal is on its way out; true when another change came meanwhile and needs one more. */
  private readonly publishing = new Map<string, boolean>();

  constructor(
    private readonly transport: SignalTransport | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Which transport carries signals between instances ('none': this process only). */
  get across(): SignalTransport['name'] | 'none' {
    return this.transport?.name ?? 'none';
  }

  /** Called after a transaction that wrote the job's events has committed. */
  changed(jobId: string): void {
    this.deliver(jobId);
    if (this.transport) this.publish(jobId);
  }

  /** Hears the job's changes until the returned function is called. */
  subscribe(jobId: string, listener: () => void): () => void {
    let set = this.listeners.get(jobId);
    if (!set) this.listeners.set(jobId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(jobId) === set) this.listeners.delete(jobId);
    };
  }

  async start(): Promise<void> {
    await this.transport?.start(
      (message) => {
        const [from, jobId] = message.split(' ');
        // This instance's own signals were delivered here when they were sent.
        if (from !== this.instance && jobId) this.deliver(jobId);
      },
      () => {
        for (const jobId of [...this.listeners.keys()]) this.deliver(jobId);
      },
    );
  }

  close(): Promise<void> {
    return this.transport?.close() ?? Promise.resolve();
  }

  private deliver(jobId: string): void {
    for (const listener of [...(this.listeners.get(jobId) ?? [])]) listener();
  }

  /**
   * One message per job at a time: changes that come while one is being sent are folded into one
   * more after it, so a burst (a dozen steps starting) costs two round trips, not a dozen.
   */
  private publish(jobId: string): void {
    if (this.publishing.has(jobId)) {
      this.publishing.set(jobId, true);
      return;
    }
    this.publishing.set(jobId, false);
    void (async () => {
      try {
        do {
          this.publishing.set(jobId, false);
          await this.transport!.publish(`${this.instance} ${jobId}`);
        } while (this.publishing.get(jobId));
      } catch (error) {
        // The others still read the events at their safety-net poll.
        this.log.warn({ err: error, job: jobId }, 'could not signal a job change to the other instances');
      } finally {
        this.publishing.delete(jobId);
      }
    })();
  }
}

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * PostgreSQL's LISTEN/NOTIFY: sent with pg_notify on the pool, heard on one connection of its own
 * (a pooled one would be handed to other queries). A listener that lost its connection connects
 * again and tells its readers to look, since what was sent meanwhile is not kept.
 */
export function postgresTransport(databaseUrl: string, db: Db, log: Pick<FastifyBaseLogger, 'warn'>): SignalTransport {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (heard: (message: string) => void, missed: () => void, again: boolean): Promise<void> => {
    // Imported here: a server on SQLite never loads the PostgreSQL driver.
    const { default: driver } = await import('pg');
    const next = new driver.Client({ connectionString: databaseUrl });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      if (error) log.warn({ err: error }, 'the job signal listener lost its PostgreSQL connection; connecting again');
      retry = setTimeout(() => void connect(heard, missed, true), RECONNECT_MS);
      retry.unref();
    };
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) heard(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (again) missed();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    name: 'postgres',
    publish: async (message) => {
      await sql`select pg_notify(${CHANNEL}, ${message})`.execute(db);
    },
    start: (heard, missed) => connect(heard, missed, false),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub: sent on the app's connection, heard on a duplicate of it (a subscribed connection
 * can do nothing else). ioredis subscribes again by itself after a reconnection; readers are told
 * to look then, since what was sent meanwhile is not kept.
 */
export function redisTransport(redis: Redis): SignalTransport {
  let subscriber: Redis | undefined;
  return {
    name: 'redis',
    publish: async (message) => {
      await redis.publish(CHANNEL, message);
    },
    start: async (heard, missed) => {
      const sub = redis.duplicate();
      subscriber = sub;
      // Errors are the main connection's to log (the same server); this one reconnects by itself.
      sub.on('error', () => undefined);
      sub.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) heard(message);
      });
      let ready = false;
      sub.on('ready', () => {
        if (ready) missed();
        ready = true;
      });
      await sub.subscribe(CHANNEL);
    },
    close: async () => {
      await subscriber?.quit().catch(() => undefined);
    },
  };
}
