import { defineConfig } from '@playwright/test';

// The fake AI's control file is named by the port (tests/e2e/fake-ai.ts): the specs and the server
// script must agree on it.
process.env.E2E_PORT ??= '5180';
const port = Number(process.env.E2E_PORT);

/**
 * The scale-out test (tests/scale): two instances behind nginx on PostgreSQL, Redis and S3 (see
 * scripts/e2e-scale-server.mjs), in the system Chromium. Not part of the browser suite's shards.
 */
export default defineConfig({
  testDir: 'tests/scale',
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'da-DK',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--explicitly-allowed-ports=${port}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-scale-server.mjs',
    url: `http://localhost:${port}/api/public-config`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
