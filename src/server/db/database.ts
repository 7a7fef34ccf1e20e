import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type CompiledQuery,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import type { Pool } from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Where the data lives, for logs (never includes a password). */
  description: string;
  /**
   * Runs `work` holding the database's start-up lock, which every instance on this database takes
   * to migrate and seed it, so instances started together do that work once, one after another.
   * `onWait` is called once when another instance holds the lock.
   */
  startupExclusive<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  /**
   * Who hears of a pooled connection that broke while idle (PostgreSQL restarted, a network blip,
   * an administrator ended it). The pool has already let it go and opens another on the next
   * query; without a listener the error would end the process.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * A read that runs on every request, prepared once and run without the query builder's work per
   * query, which on SQLite costs more than the read itself. On SQLite it runs at once, unless a
   * transaction holds the connection: then it waits for it like any query, rather than read what the
   * transaction has not committed. On PostgreSQL it is a named prepared statement (`name`), parsed
   * and planned once per connection.
   */
  prepareRead<Row>(name: string, query: CompiledQuery<Row>): PreparedRead<Row>;
  /**
   * As `prepareRead`, for a statement whose text never changes and that answers rows: on
   * PostgreSQL a named prepared statement, so its planning (which can cost as much as running it)
   * is done once per connection; on SQLite a statement prepared once.
   */
  prepareQuery<Row>(name: string, query: CompiledQuery<Row>): PreparedQuery<Row>;
  /**
   * SQLite: a mark that differs from the one before whenever the data may have changed since: a
   * write by this process, or a commit by any other connection (another instance on the same file,
   * a tool). Undefined while a transaction is open here (what is read then may never be committed),
   * and always on PostgreSQL, where nothing read can be known to be current without asking it.
   */
  changeMark(): string | undefined;
}

/** Runs a prepared read with its parameters: its first row, at once where it can. */
export type PreparedRead<Row> = (parameters: readonly unknown[]) => Row | undefined | Promise<Row | undefined>;

/** Runs a prepared statement with its parameters: all its rows. */
export type PreparedQuery<Row> = (parameters: readonly unknown[]) => Promise<Row[]>;

/**
 * WAL is the file's own setting once a connection has set it. Instances opening a new file at the
 * same moment can find it locked while another sets it, and SQLite answers SQLITE_BUSY at once
 * there rather than waiting (its busy handler is not called where waiting could deadlock), so the
 * switch is tried again for as long as the busy timeout.
 */
function useWal(sqlite: SqliteDatabase.Database): void {
  const deadline = Date.now() + 5000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

/**
 * Opens the database DATABASE_URL names (postgres://… or sqlite:/file), else the SQLite file in
 * DATA_DIR. SQLite runs in WAL mode with foreign keys on.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DbHandle {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    let report: (error: Error) => void = () => undefined;
    // The driver is imported when the pool is first needed (at start, to migrate), so a server on
    // SQLite never loads it; Kysely and the startup lock share the one pool.
    let opening: Promise<Pool> | undefined;
    const pool = () =>
      (opening ??= import('pg').then(({ default: pg }) => {
        const made = new pg.Pool({ connectionString: url, max: 10 });
        made.on('error', (error) => report(error));
        return made;
      }));
    const safe = new URL(url);
    safe.password = '';
    /** A named prepared statement: parsed once per connection, as `name`. */
    const named = async <Row>(name: string, query: CompiledQuery<Row>, parameters: readonly unknown[]) =>
      (await (await pool()).query({ name, text: query.sql, values: [...parameters] })).rows as Row[];
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      prepareRead:
        <Row>(name: string, query: CompiledQuery<Row>) =>
        async (parameters: readonly unknown[]) =>
          (await named(name, query, parameters))[0],
      prepareQuery:
        <Row>(name: string, query: CompiledQuery<Row>) =>
        (parameters: readonly unknown[]) =>
          named(name, query, parameters),
      changeMark: () => undefined,
      kind: 'postgres',
      description: safe.toString(),
      startupExclusive: async (work, onWait) => withAdvisoryLock(await pool(), work, onWait),
      onConnectionError: (listener) => {
        report = listener;
      },
    };
  }
  const file = url ? url.replace(/^sqlite:(\/\/)?/, '') : path.join(options.dataDir, 'kursa.db');
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('busy_timeout = 5000');
  useWal(sqlite);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const checkpointer = startCheckpointer(sqlite, file);
  const database = withStatementCache(sqlite, () => checkpointer?.stop());
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // total_changes() counts this connection's row changes; data_version moves when another
  // connection has committed (it reads the database's header to know, so it is the dearer half).
  const ownChanges = sqlite.prepare('select total_changes()').pluck();
  const othersCommits = sqlite.prepare('pragma data_version').pluck();
  // Prepared at its first run: the tables a statement reads may not be migrated yet when it is made.
  const preparedAtFirstRun = (text: string) => {
    let statement: SqliteDatabase.Statement | undefined;
    return () => (statement ??= sqlite.prepare(text));
  };
  return {
    db,
    kind: 'sqlite',
    description: path.resolve(file),
    // An in-memory database belongs to one connection of one process: nothing to share.
    startupExclusive: sqlite.memory ? (work) => work() : (work, onWait) => withLockFile(`${path.resolve(file)}.startup-lock`, work, onWait),
    // One connection in this process: it does not break on its own.
    onConnectionError: () => undefined,
    prepareRead: <Row>(_name: string, query: CompiledQuery<Row>) => {
      const statement = preparedAtFirstRun(query.sql);
      return (parameters: readonly unknown[]) => {
        if (!sqlite.inTransaction) return statement().get(...parameters) as Row | undefined;
        return db.executeQuery<Row>({ ...query, parameters }).then(({ rows }) => rows[0]);
      };
    },
    prepareQuery: <Row>(_name: string, query: CompiledQuery<Row>) => {
      const statement = preparedAtFirstRun(query.sql);
      return async (parameters: readonly unknown[]) => {
        if (!sqlite.inTransaction) return statement().all(...parameters) as Row[];
        return (await db.executeQuery<Row>({ ...query, parameters })).rows;
      };
    },
    changeMark: () => (sqlite.inTransaction ? undefined : `${ownChanges.get() as number}:${othersCommits.get() as number}`),
  };
}

/** The session-level advisory lock every Kursa instance takes to migrate and seed ("Kursa" in ASCII). */
const STARTUP_LOCK_KEY = '323916276577';

/**
 * PostgreSQL: a session advisory lock on a connection of its own, held while `work` runs on the
 * pool's other connections. Should the process die, the server ends the session and frees the lock.
 */
async function withAdvisoryLock<T>(pool: Pool, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
    if (!rows[0]?.locked) {
      onWait?.();
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: unknown) => {
        // The connection is closed rather than returned, which frees the lock all the same.
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    client.release(broken);
  }
}

/** How often an instance waiting for another's start-up lock on a SQLite file tries again. */
const LOCK_RETRY_MS = 100;

/**
 * SQLite: an exclusive transaction on a small lock database beside the data file. The main file
 * cannot carry the lock itself (in WAL mode an exclusive transaction there would also shut out the
 * migrations the holder runs on its own connection). SQLite's locks are the operating system's
 * file locks, so a process that dies frees it. The lock is polled, not waited for with a busy
 * timeout, which would block the event loop.
 */
async function withLockFile<T>(lockFile: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const lock = new SqliteDatabase(lockFile, { timeout: 0 });
  try {
    for (let waited = false; ;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (!waited) onWait?.();
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    return await work();
  } finally {
    lock.close();
  }
}

/**
 * Kysely prepares every statement anew; better-sqlite3 statements are reusable, so keep the most
 * recent ones (by SQL text, least recently used dropped first). Saves a prepare per query.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, beforeClose: () => void, size = 256): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      beforeClose();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/** How often the WAL is checkpointed off the main thread. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite checkpoints its WAL on the connection that commits, with fsyncs, on the event loop: a
 * pause of 100+ ms on a busy disk, seconds on a slow one, for every request. A worker
 * thread checkpoints instead (PASSIVE: it never blocks readers or writers); the main connection
 * keeps a far larger automatic checkpoint only as a fallback should the worker fall behind.
 */
function startCheckpointer(sqlite: SqliteDatabase.Database, file: string): { stop(): void } | undefined {
  if (sqlite.memory) return undefined;
  sqlite.pragma('wal_autocheckpoint = 10000');
  // After a checkpoint, a WAL that grew in a burst is cut back rather than kept at its largest.
  sqlite.pragma('journal_size_limit = 67108864');
  const ext = path.extname(fileURLToPath(import.meta.url));
  const worker = new Worker(new URL(`./checkpoint-worker${ext}`, import.meta.url), {
    workerData: { file: path.resolve(file), everyMs: CHECKPOINT_EVERY_MS },
  });
  // The worker must never keep the process alive, nor take it down.
  worker.unref();
  worker.on('error', () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  return { stop: () => worker.postMessage('stop') };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws (and start-up stops) if a migration fails. */
export async function migrate(db: Db): Promise<string[]> {
  // Unordered: work done side by side lands in any order (014 before 011), and a database that
  // already ran a later-numbered migration still gets an earlier one that arrived after it. Our
  // migrations touch separate tables or columns, so their order between branches never matters.
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'kursa_migrations',
    migrationLockTableName: 'kursa_migrations_lock',
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
