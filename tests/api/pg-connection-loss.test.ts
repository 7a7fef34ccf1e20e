import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// PostgreSQL ends a pooled connection while it is idle (a restart, a network blip, an
// administrator's pg_terminate_backend): the server logs it and goes on, the next request on a new
// connection. Without a listener on the pool, pg's 'error' event ended the whole process.

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection ended while idle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is let go, and the next requests are answered on a new connection', async () => {
    const catalogue = () => t.app.inject({ method: 'GET', url: '/api/catalogue' });
    // Several at once, so the pool holds several connections, idle after.
    expect((await Promise.all([catalogue(), catalogue(), catalogue()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'",
      );
      expect(rows.length).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [rows.map((r) => r.pid)]);
      // Gone on the server's side, so the app's sockets have been told (the error event comes with it).
      for (;;) {
        const left = await admin.query('select 1 from pg_stat_activity where pid = any($1::int[])', [rows.map((r) => r.pid)]);
        if (left.rowCount === 0) break;
      }
    } finally {
      await admin.end();
    }

    for (let i = 0; i < 3; i += 1) expect((await catalogue()).statusCode).toBe(200);
  });
});
