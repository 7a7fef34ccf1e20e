import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_EMAILS } from '../../src/shared/demo.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from '../helpers/server-process.ts';

const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCES = 3;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Started {
  servers: ServerProcess[];
  ports: number[];
}

/** Starts INSTANCES servers at the same moment on one database and waits until each answers (the test's timeout bounds it), or one exits. */
async function startTogether(envFor: (i: number) => Record<string, string>): Promise<Started> {
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const servers = ports.map((port, i) => startServerProcess({ PORT: String(port), LOG_LEVEL: 'info', SEED_DEMO: 'true', ...envFor(i) }));
  cleanups.push(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
  });
  await Promise.all(
    servers.map((server, i) =>
      Promise.race([
        waitForHealth(ports[i]!, Number.POSITIVE_INFINITY),
        server.exited.then((code) => {
          throw new Error(`instance ${i + 1} exited with ${code} before answering:\n${server.output()}`);
        }),
      ]),
    ),
  );
  return { servers, ports };
}

/** Each instance answers, the database holds one demo company with its two accounts and one seeding happened. */
async function expectOneDemo({ servers, ports }: Started, databaseUrl: string, dataDir: string): Promise<void> {
  for (const port of ports) {
    const config = await (await fetch(`http://127.0.0.1:${port}/api/public-config`)).json();
    expect(config).toMatchObject({ demoAccount: { email: DEMO_ACCOUNT.email } });
  }
  const { db } = openDatabase({ databaseUrl, dataDir });
  try {
    const organisations = await db.selectFrom('organisations').select(['cvr']).execute();
    expect(organisations).toEqual([{ cvr: DEMO_ACCOUNT.cvrNumber }]);
    const users = await db.selectFrom('users').select('email').where('email', 'in', DEMO_EMAILS).execute();
    expect(users.map((u) => u.email).sort()).toEqual([...DEMO_EMAILS].sort());
    // The learner's seeded journey (one certificate) ran once.
    expect(await db.selectFrom('certificates').select('id').execute()).toHaveLength(1);
  } finally {
    await db.destroy();
  }
  const seeded = servers.filter((s) => s.output().includes('seeded the demo company'));
  expect(seeded).toHaveLength(1);

  for (const s of servers) s.child.kill('SIGTERM');
  expect(await Promise.all(servers.map((s) => s.exited))).toEqual(servers.map(() => 0));
  for (const s of servers) expect(s.output()).not.toMatch(/\n\s+at /);
}

describe(`${INSTANCES} instances started at the same moment on an empty database`, () => {
  it('on PostgreSQL: all come up and the demo company is seeded once', async () => {
    const database: TestDatabase = await createTestDatabase(PG_ADMIN);
    cleanups.push(() => database.drop());
    // Each instance has its own DATA_DIR, as on separate machines.
    const dirs = Array.from({ length: INSTANCES }, () => mkdtempSync(path.join(tmpdir(), 'kursa-together-')));
    cleanups.push(async () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
    const started = await startTogether((i) => ({ DATABASE_URL: database.url, DATA_DIR: dirs[i]! }));
    await expectOneDemo(started, database.url, database.dataDir);
  });

  it('on one SQLite file: all come up and the demo company is seeded once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-together-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // The default database, the SQLite file in the DATA_DIR they share.
    const started = await startTogether(() => ({ DATA_DIR: dataDir }));
    await expectOneDemo(started, `sqlite:${path.join(dataDir, 'kursa.db')}`, dataDir);
  });
});
