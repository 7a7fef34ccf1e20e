// Starts the production build (dist/, or the build folder BENCH_DIST names, to compare two builds
// side by side on the same machine load) on a fresh temporary SQLite database for a benchmark, with
// the Node options `npm start` gives it (scripts/server-flags.ts; BENCH_NODE_FLAGS to compare others),
// and waits until it answers. `stop()` ends it and removes the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../scripts/server-flags.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Waits up to BENCH_START_SECONDS (30) for `url` to answer: a busy machine starts slower. */
export async function waitFor(url) {
  const attempts = Number(process.env.BENCH_START_SECONDS ?? 30) * 10;
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

export async function startBuiltServer(port, env = {}) {
  // Another server on the port would answer the health check below, and be measured instead.
  const busy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is in use; stop what listens there or choose another port (BENCH_PORT)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-'));
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), path.resolve(root, process.env.BENCH_DIST ?? 'dist', 'server', 'server.js')],
    {
      env: { PATH: process.env.PATH, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, dataDir, stop, pid: child.pid };
}
