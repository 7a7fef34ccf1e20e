import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-flags.ts';
import { waitForHealth } from '../helpers/server-process.ts';
import { test } from './fixtures.ts';

/** The port of a spec's second server: the e2e server's + 1, which Chromium is allowed to use (playwright.config.ts). */
export const SECOND_PORT = Number(process.env.E2E_PORT ?? 5055) + 1;

/**
 * A second server from the same build, on a fresh SQLite database of its own, for the specs that
 * need an installation configured otherwise than the e2e server (no AI provider, no Stripe) or a
 * database they can reach into. Started before the file's (or describe block's) tests, stopped and
 * removed after them; the tests' relative URLs go to it. `dataDir()` is its DATA_DIR.
 */
export function useSecondServer(name: string, env: Record<string, string> = {}): { dataDir: () => string } {
  let server: ChildProcess;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `kursa-e2e-${name}-`));
    server = spawn(process.execPath, [...serverNodeFlags(), path.resolve('dist/server/server.js')], {
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        PORT: String(SECOND_PORT),
        PUBLIC_URL: `http://localhost:${SECOND_PORT}`,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        CVR_PROVIDER: 'offline',
        LOG_LEVEL: 'warn',
        REGISTRATIONS_PER_IP_HOUR: '1000',
        ...env,
      },
    });
    await waitForHealth(SECOND_PORT);
  });
  test.afterAll(async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  test.use({ baseURL: `http://localhost:${SECOND_PORT}` });
  return { dataDir: () => dataDir };
}
