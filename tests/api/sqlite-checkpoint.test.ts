import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DbHandle } from '../../src/server/db/database.ts';

// SQLite checkpointed its WAL on the event loop, with fsyncs, inside whichever request
// committed. A worker thread now does it; the main connection only as a far-off fallback.
const dir = mkdtempSync(path.join(tmpdir(), 'kursa-wal-'));
let handle: DbHandle | undefined;
afterAll(async () => {
  await handle?.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the SQLite WAL', () => {
  it('is checkpointed into the database file off the main thread', async () => {
    handle = openDatabase({ dataDir: dir });
    await migrate(handle.db);
    const file = path.join(dir, 'kursa.db');
    // Let the migration's pages be checkpointed, then write well below the fallback threshold.
    for (let i = 0; i < 100 && statSync(`${file}-wal`).size > 0 && statSync(file).size === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    const before = statSync(file).size;
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: `r${i}`,
      account: 'a'.repeat(300),
      ip: '192.0.2.1',
      created_at: new Date().toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100)
      await handle.db
        .insertInto('login_failures')
        .values(rows.slice(i, i + 100))
        .execute();
    // Only a checkpoint moves the new pages into the database file; the main connection's own
    // (at 10,000 pages) is far off, so a growing file means the worker did it.
    let grew = false;
    for (let i = 0; i < 200 && !grew; i++) {
      await new Promise((r) => setTimeout(r, 50));
      grew = statSync(file).size > before;
    }
    expect(grew).toBe(true);
  });
});
