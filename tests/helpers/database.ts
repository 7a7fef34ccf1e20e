import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** DATABASE_URL for the app under test. */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database per test file: a SQLite file in a temp dir, or — when `admin` (by
 * default TEST_DATABASE_URL) names a PostgreSQL server — a new PostgreSQL database that is dropped after.
 */
export async function createTestDatabase(admin = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-test-'));
  if (!admin || !/^postgres(ql)?:\/\//.test(admin)) {
    return { url: `sqlite:${path.join(dataDir, 'test.db')}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `kursa_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // pool.end() resolves before its sockets have closed; a forced drop would then kill live
      // connections, whose clients report an unhandled 57P01. Wait (bounded) until they are gone.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
