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
 * A fresh, empty database per test file: a SQLite file in a temp dir, or — when
 * TEST_DATABASE_URL names a PostgreSQL server — a new PostgreSQL database that is dropped after.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-test-'));
  const admin = process.env.TEST_DATABASE_URL;
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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
